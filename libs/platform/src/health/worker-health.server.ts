import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConsumerHost } from '../events/consumer-host.service';
import { MetricsService } from '../metrics/metrics.service';
import { QueueRegistry } from '../queues/queue.registry';
import { pingRedis, withTimeout } from '../queues/redis';
import { WorkerActivity } from '../worker/worker-activity.service';
import { oldestWaitingSeconds } from './queue-stats';

export interface WorkerHealth {
  status: 'ok' | 'stalled' | 'unavailable';
  postgres: 'up' | 'down';
  redis: 'up' | 'down';
  /** Work has waited WORKER_STALL_SECONDS and no job completed meanwhile. */
  stalled: boolean;
  oldestWaitingSeconds: number | null;
  oldestRunningSeconds: number;
  secondsSinceLastCompletion: number;
}

/**
 * The worker's own HTTP endpoint on WORKER_HEALTH_PORT, for the cluster only:
 * - `/health/live`: 503 when the worker is stalled (work waits, nothing completes), so it is
 *   restarted; Postgres or Redis being away is not the worker's fault and keeps it alive;
 * - `/health/ready`: 503 also while Postgres or Redis is away;
 * - `/metrics`: Prometheus, with per-queue counts and the oldest waiting job's age.
 */
@Injectable()
export class WorkerHealthServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerHealthServer.name);
  private server?: Server;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
    private readonly activity: WorkerActivity,
    private readonly metrics: MetricsService,
    private readonly consumers: ConsumerHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const activity = this.activity;
    const slots = this.consumers.slots;
    new Gauge({
      name: 'worker_seconds_since_last_completed_job',
      help: 'Seconds since this worker last completed a job',
      registers: [this.metrics.registry],
      collect() {
        this.set(activity.secondsSinceLastCompletion());
      },
    });
    new Gauge({
      name: 'worker_oldest_running_job_seconds',
      help: 'How long the longest-running job of this worker has been running',
      registers: [this.metrics.registry],
      collect() {
        this.set(activity.oldestRunningSeconds());
      },
    });
    new Gauge({
      name: 'worker_job_slots_in_use',
      help: 'Jobs holding one of the WORKER_CONCURRENCY slots (and a database connection)',
      registers: [this.metrics.registry],
      collect() {
        this.set(slots.inUse);
      },
    });
    this.server = createServer((req, res) => void this.respond(req, res));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.config.WORKER_HEALTH_PORT, this.config.HOST, () => resolve());
    });
    this.logger.log(`Worker health and metrics on port ${this.port}`);
  }

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  async health(): Promise<WorkerHealth> {
    const up = (probe: Promise<unknown>) =>
      probe.then(
        () => 'up' as const,
        () => 'down' as const,
      );
    const [postgres, redis] = await Promise.all([
      up(withTimeout(this.dataSource.query('SELECT 1'), 1500, 'postgres')),
      up(pingRedis(this.queues.redis(), 1500)),
    ]);
    const ages = redis === 'up' ? await Promise.all(this.queues.all().map((q) => oldestWaitingSeconds(q))).catch(() => null) : null;
    const oldest = ages ? Math.max(0, ...ages) : null;
    const running = this.activity.oldestRunningSeconds();
    const quiet = this.activity.secondsSinceLastCompletion();
    // Work that waits, or a job that has run that long, while nothing completes.
    const stuck = Math.max(oldest ?? 0, running) > this.config.WORKER_STALL_SECONDS;
    const stalled = stuck && quiet > this.config.WORKER_STALL_SECONDS;
    const status = stalled ? 'stalled' : postgres === 'up' && redis === 'up' ? 'ok' : 'unavailable';
    return {
      status,
      postgres,
      redis,
      stalled,
      oldestWaitingSeconds: oldest,
      oldestRunningSeconds: Math.round(running),
      secondsSinceLastCompletion: Math.round(quiet),
    };
  }

  private async respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.url === '/metrics') {
        res.writeHead(200, { 'content-type': this.metrics.registry.contentType }).end(await this.metrics.registry.metrics());
        return;
      }
      if (req.url === '/health/live' || req.url === '/health/ready') {
        const health = await this.health();
        const ok = req.url === '/health/live' ? !health.stalled : health.status === 'ok';
        res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(health));
        return;
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found', code: 'not_found' }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message, code: 'internal' }));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
