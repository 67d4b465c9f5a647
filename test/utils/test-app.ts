import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@swishly/platform';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** The real API app (same bootstrap as production), ready for `app.inject()`. */
export async function bootApi(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await createApiApp(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}
