import { checkWorkerPool, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a bare machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/swishly');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.BRAND_NAME).toBe('Swishly');
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

  it('coerces numbers and booleans', () => {
    const config = loadConfig({ PORT: '8080', TRUST_PROXY: 'true', MIGRATE_ON_START: '0' });
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.MIGRATE_ON_START).toBe(false);
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
