import { Test } from '@nestjs/testing';
import { APP_CONFIG, checkWorkerPool, ConfigError, defineSettings, int, loadConfig, SettingsOf } from './config';

const ShopSettings = defineSettings('shop', { SHOP_ITEMS_PER_PAGE: int(20, 1) });

describe('loadConfig', () => {
  it('has working defaults for a bare machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/swishly');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.BRAND_NAME).toBe('Swishly');
  });

  it("puts the worker's health port beside PORT unless it is set, so a second copy on its own PORT starts", () => {
    expect(loadConfig({}).WORKER_HEALTH_PORT).toBe(3001);
    expect(loadConfig({ PORT: '3100' }).WORKER_HEALTH_PORT).toBe(3101);
    expect(loadConfig({ PORT: '3100', WORKER_HEALTH_PORT: '4000' }).WORKER_HEALTH_PORT).toBe(4000);
    expect(loadConfig({ WORKER_HEALTH_PORT: '0' }).WORKER_HEALTH_PORT).toBe(0);
    expect(loadConfig({ PORT: '65535' }).WORKER_HEALTH_PORT).toBe(0);
    expect(() => loadConfig({ WORKER_HEALTH_PORT: '70000' })).toThrow(/WORKER_HEALTH_PORT/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('insists on a real APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: must be set in production/);
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).APP_SECRET).toHaveLength(32);
  });

  it('insists on an https PUBLIC_URL in production (the links in emails, RFC 8058 one-click unsubscribe)', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://swishly.app' })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ address in production \(not http:\/\/swishly\.app\)/,
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://203.0.113.7:3000' })).toThrow(/PUBLIC_URL: must be an https/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://localhost.swishly.app' })).toThrow(/PUBLIC_URL: must be an https/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://swishly.app' }).PUBLIC_URL).toBe('https://swishly.app');
    // A production build on this machine alone (benchmarks, Lighthouse, docker compose) may serve plain http.
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:4100', 'http://[::1]:3000', 'http://swishly.localhost']) {
      expect(loadConfig({ ...production, PUBLIC_URL: local }).PUBLIC_URL).toBe(local);
    }
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://plain.example' }).PUBLIC_URL).toBe('http://plain.example');
  });

  it("checks every module's settings with the platform's, naming each bad variable at once", () => {
    expect(() => loadConfig({ PORT: 'abc', SHOP_ITEMS_PER_PAGE: '0' }, [ShopSettings])).toThrow(/PORT:[^]*SHOP_ITEMS_PER_PAGE: /);
    expect(() => loadConfig({ SHOP_ITEMS_PER_PAGE: '0' })).not.toThrow(); // a module not loaded is not checked
  });

  it('gives a module its settings, read from where the config came from', async () => {
    const config = loadConfig({ SHOP_ITEMS_PER_PAGE: '50' }, [ShopSettings]);
    const app = await Test.createTestingModule({ providers: [{ provide: APP_CONFIG, useValue: { ...config } }, ShopSettings.provider] }).compile();
    expect(app.get<SettingsOf<typeof ShopSettings>>(ShopSettings.token)).toEqual({ SHOP_ITEMS_PER_PAGE: 50 });
    const defaults = await Test.createTestingModule({ providers: [{ provide: APP_CONFIG, useValue: loadConfig({}) }, ShopSettings.provider] }).compile();
    expect(defaults.get(ShopSettings.token)).toEqual({ SHOP_ITEMS_PER_PAGE: 20 });
  });

  it('coerces numbers and booleans', () => {
    const config = loadConfig({ PORT: '8080', MIGRATE_ON_START: '0' });
    expect(config.PORT).toBe(8080);
    expect(config.MIGRATE_ON_START).toBe(false);
  });

  it('trusts X-Forwarded-For from no proxy, a number of hops, or listed proxies, never from every hop', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1, ::1, fd00::/8' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be a hop count .*every X-Forwarded-For hop/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: .*not 10.0.0.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a worker whose job slots could take every database connection', () => {
    expect(() => checkWorkerPool(loadConfig({}))).not.toThrow(); // the defaults fit
    expect(() => checkWorkerPool(loadConfig({ WORKER_CONCURRENCY: '40', DATABASE_POOL_SIZE: '10' }))).toThrow(
      /DATABASE_POOL_SIZE: .*WORKER_CONCURRENCY=40.* at least 42/,
    );
    expect(() => checkWorkerPool(loadConfig({ WORKER_CONCURRENCY: '8', DATABASE_POOL_SIZE: '10' }))).not.toThrow();
    expect(() => checkWorkerPool(loadConfig({ WORKER_CONCURRENCY: '9', DATABASE_POOL_SIZE: '10' }))).toThrow(ConfigError);
  });
});
