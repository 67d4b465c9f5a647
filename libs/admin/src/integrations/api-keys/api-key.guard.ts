import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { apiError, bearerTokenOf, RateLimiter, setRequestActor, SettingsOf } from '@swishly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminSettings } from '../../admin.settings';
import { API_KEY_SCOPE, ApiKeyScope } from './api-key-scopes';
import { ApiKeysService } from './api-keys.service';
import { ApiKey } from './entities/api-key.entity';

export type ApiKeyRequest = FastifyRequest & { apiKey?: ApiKey };

const WINDOW_SECONDS = 60;

/**
 * The public API for other systems (/api/v1): `Authorization: Bearer <key>` with an unrevoked key
 * (else 401), within its rate limit (else 429 with Retry-After), holding the route's scope (else
 * 403). The key is read on every request, so a revoked one stops at once. The key is the
 * request's actor: its events name it.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ApiKeyRequest>();
    const given = bearerTokenOf(request.headers.authorization);
    const key = given ? await this.keys.authenticate(given) : null;
    if (!key) throw apiError(401, 'A valid API key is required (Authorization: Bearer <key>); this one is missing, unknown or revoked.', 'invalid_api_key');
    if (!(await this.limiter.hit(`api-key:${key.id}`, this.settings.API_KEY_RATE_LIMIT_PER_MINUTE, WINDOW_SECONDS))) {
      void context.switchToHttp().getResponse<FastifyReply>().header('retry-after', String(WINDOW_SECONDS));
      throw apiError(429, 'Too many requests with this API key. Please wait a minute and try again.', 'rate_limited');
    }
    const scope = this.reflector.get<ApiKeyScope | undefined>(API_KEY_SCOPE, context.getHandler());
    if (!scope || !key.scopes.includes(scope)) {
      throw apiError(403, `This API key can't do this: it needs the ${scope ?? 'right'} scope.`, 'insufficient_scope');
    }
    request.apiKey = key;
    setRequestActor(request, { type: 'api-key', id: key.id });
    return true;
  }
}
