import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig } from '@swishly/platform';
import { WorkerModule } from '../../apps/worker/src/worker.module';

/** The real worker (every module's consumers), as apps/worker runs it. */
export async function bootWorker(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: false });
  await app.init();
  return app;
}
