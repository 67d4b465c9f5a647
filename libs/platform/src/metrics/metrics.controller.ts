import { Controller, Get, Header, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/config';
import { apiError } from '../http/api-exception.filter';
import { MetricsService } from './metrics.service';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus scrapes for the cluster, not the public: with METRICS_TOKEN set, only a request
 * bearing it; without, only outside production. Anyone else gets the 404 of an unknown page.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  scrape(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    if (!this.allowed(request.headers.authorization)) throw apiError(404, 'Not found', 'not_found');
    void reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8');
    return this.metrics.registry.metrics();
  }

  private allowed(authorization: string | undefined): boolean {
    const token = this.config.METRICS_TOKEN;
    if (!token) return this.config.NODE_ENV !== 'production';
    // Compared as digests: equal lengths, in constant time.
    return timingSafeEqual(digest(authorization ?? ''), digest(`Bearer ${token}`));
  }
}
