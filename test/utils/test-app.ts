import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@swishly/platform';
import { AuthService, type StaffRole } from '@swishly/admin';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** The real API app (same bootstrap as production), ready for `app.inject()`. */
export async function bootApi(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await createApiApp(config);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/**
 * A staff account (made with `role`, an owner unless said, or its password reset) signed in on
 * `api`: the headers its requests carry, session cookies and CSRF token.
 */
export async function signInStaff(api: NestFastifyApplication, email: string, role: StaffRole = 'owner'): Promise<{ cookie: string; 'x-csrf-token': string }> {
  const password = 'Court-Vision-42';
  await api.get(AuthService).createOrResetAdmin(email, password, { actorType: 'system' }, role);
  const login = await api.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`Staff sign-in failed: ${login.statusCode} ${login.body}`);
  const csrf = login.cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  return { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-csrf-token': csrf };
}
