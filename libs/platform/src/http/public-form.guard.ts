import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/config';
import { addressKey } from './address-key';
import { apiError } from './api-exception.filter';
import { RateLimiter } from './rate-limiter.service';

/** The hidden field every public form carries (see PublicFormGuard): documented, accepted, never stored. */
export class PublicFormDto {
  @ApiPropertyOptional({ description: 'Leave empty: a hidden field that only bots fill in (then 400)' })
  @Allow()
  website?: string;
}

const LIMIT_WITHOUT_REDIS = 'swishly:public-form-limit-without-redis';
/** On a public form whose per-IP limit must hold while Redis is away (password reset): counted in this process then. */
export const KeepLimitWithoutRedis = () => SetMetadata(LIMIT_WITHOUT_REDIS, true);

/** Public forms: a hidden `website` field that only bots fill in, and a per-IP limit per route. */
@Injectable()
export class PublicFormGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const body = request.body as Record<string, unknown> | undefined;
    if (typeof body?.website === 'string' && body.website.trim() !== '') {
      throw apiError(400, 'Your submission could not be accepted.', 'rejected');
    }
    const route = `${request.method}:${request.routeOptions.url}`;
    const whenRedisIsDown = this.reflector.get<boolean>(LIMIT_WITHOUT_REDIS, context.getHandler()) ? 'in-process' : 'allow';
    if (!(await this.limiter.hit(`${route}:${addressKey(request.ip)}`, this.config.PUBLIC_FORM_RATE_LIMIT_PER_MINUTE, 60, whenRedisIsDown))) {
      throw apiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');
    }
    return true;
  }
}
