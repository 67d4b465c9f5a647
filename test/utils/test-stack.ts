import { INestApplicationContext } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@swishly/platform';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './database';
import { FakeResend } from './fake-resend';
import { bootApi } from './test-app';
import { testConfig } from './test-config';
import { bootWorker } from './test-worker';

/** Everything a suite's requests go through: its own database, the fake Resend, the real API and worker. */
export interface TestStack {
  db: Awaited<ReturnType<typeof createTestDatabase>>;
  resend: FakeResend;
  config: AppConfig;
  api: NestFastifyApplication;
  worker: INestApplicationContext;
  dataSource: DataSource;
  /** Closes the worker and the API, then the fake Resend and the database. */
  stop(): Promise<void>;
}

/**
 * A fresh database, the fake Resend, and the API and worker booted on `testConfig` with email
 * through the fake and `settings` on top. Whatever was started is stopped again if a later step fails.
 */
export async function startStack(settings: Record<string, string> = {}): Promise<TestStack> {
  const started: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    while (started.length > 0) await started.pop()!();
  };
  try {
    const db = await createTestDatabase();
    started.push(db.drop);
    const resend = new FakeResend();
    const resendUrl = await resend.start();
    started.push(() => resend.stop());
    const config = testConfig(db.url, {
      RESEND_API_KEY: 're_test_key',
      RESEND_BASE_URL: resendUrl,
      PUBLIC_URL: 'https://swishly.test',
      ...settings,
    });
    const api = await bootApi(config);
    started.push(() => api.close());
    const worker = await bootWorker(config);
    started.push(() => worker.close());
    return { db, resend, config, api, worker, dataSource: api.get(DataSource), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
