import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../config/config';
import { QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';
import { apiError } from './api-exception.filter';

/**
 * One hit, in one round trip. The window starts at the first hit (EXPIRE NX), so a burst can't
 * straddle two windows. (A script rather than MULTI: ioredis builds a MULTI by copying every Lua
 * command BullMQ defined on the connection, which cost more than the rest of the hit.)
 */
const HIT = `local n = redis.call('INCR', KEYS[1]) redis.call('EXPIRE', KEYS[1], ARGV[1], 'NX') return n`;

/**
 * Fixed-window counters in Redis, so a limit holds across API replicas. When Redis is away
 * the limiter lets requests through: accepting a sign-up never depends on Redis.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);

  constructor(private readonly queues: QueueRegistry) {}

  /** Counts one hit; false once `key` has been hit more than `limit` times in the window. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    return (await this.increment(key, windowSeconds)) <= limit;
  }

  /** Adds one to `key`'s count in its window and returns the new count (0 when Redis is away). */
  async increment(key: string, windowSeconds: number): Promise<number> {
    try {
      const count = await withTimeout(this.queues.redis().eval(HIT, 1, this.redisKey(key), windowSeconds), 500, 'rate limit');
      return Number(count ?? 0);
    } catch (error) {
      this.logger.warn(`Rate limiter unavailable, allowing: ${(error as Error).message}`);
      return 0;
    }
  }

  /** The current count of `key` in its window, without adding to it. */
  async count(key: string): Promise<number> {
    try {
      return Number((await withTimeout(this.queues.redis().get(this.redisKey(key)), 500, 'rate limit')) ?? 0);
    } catch (error) {
      this.logger.warn(`Rate limiter unavailable, allowing: ${(error as Error).message}`);
      return 0;
    }
  }

  async clear(key: string): Promise<void> {
    await withTimeout(this.queues.redis().del(this.redisKey(key)), 500, 'rate limit').catch(() => undefined);
  }

  private redisKey(key: string): string {
    return `${this.queues.prefix}:ratelimit:${key}`;
  }
}

/** The hidden field every public form carries (see PublicFormGuard): documented, accepted, never stored. */
export class PublicFormDto {
  @ApiPropertyOptional({ description: 'Leave empty: a hidden field that only bots fill in (then 400)' })
  @Allow()
  website?: string;
}

/** Public forms: a hidden `website` field that only bots fill in, and a per-IP limit per route. */
@Injectable()
export class PublicFormGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const body = request.body as Record<string, unknown> | undefined;
    if (typeof body?.website === 'string' && body.website.trim() !== '') {
      throw apiError(400, 'Your submission could not be accepted.', 'rejected');
    }
    const route = `${request.method}:${request.routeOptions.url}`;
    if (!(await this.limiter.hit(`${route}:${request.ip}`, this.config.PUBLIC_FORM_RATE_LIMIT_PER_MINUTE, 60))) {
      throw apiError(429, 'Too many requests. Please wait a minute and try again.', 'rate_limited');
    }
    return true;
  }
}
