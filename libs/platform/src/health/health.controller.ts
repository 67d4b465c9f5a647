import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { QueueRegistry } from '../queues/queue.registry';
import { pingRedis, withTimeout } from '../queues/redis';

@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
  ) {}

  /** The process is up. */
  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  /**
   * Ready to serve: Postgres answers. Redis is reported but not required: the API accepts
   * every write without it (the outbox keeps events until it returns), so a cache outage must
   * not take the replicas out of service.
   */
  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const check = async (name: string, probe: () => Promise<unknown>) => {
      try {
        await withTimeout(probe(), 1500, name);
        return 'up' as const;
      } catch {
        return 'down' as const;
      }
    };
    const [postgres, redis] = await Promise.all([
      check('postgres', () => this.dataSource.query('SELECT 1')),
      check('redis', () => pingRedis(this.queues.redis(), 1500)),
    ]);
    const ok = postgres === 'up';
    const status = !ok ? 'unavailable' : redis === 'up' ? 'ok' : 'degraded';
    void reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, postgres, redis });
  }
}
