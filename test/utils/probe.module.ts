import { Injectable, Module, DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  AppConfig,
  ConsumerContext,
  ConsumerHandler,
  defineConsumer,
  defineEvent,
  DomainEvent,
  DomainEventsModule,
  HandlesConsumer,
  PlatformModule,
  ProcessRole,
} from '@swishly/platform';

/** A tiny module for exercising the event store: one event, one consumer that counts. */
export const ProbeHappened = defineEvent<{ n: number }>('probe.happened');
export const CountProbes = defineConsumer('test.count-probes', [ProbeHappened], { attempts: 5, backoffMs: 200 });

export interface ProbeCall {
  eventId: string;
  attempt: number;
  at: number;
}

@Injectable()
@HandlesConsumer(CountProbes)
export class CountProbesJob implements ConsumerHandler<{ n: number }> {
  readonly calls: ProbeCall[] = [];
  /** How many first attempts of each event throw. */
  failuresPerEvent = 0;
  /** Events (by n) that throw this many more times, whatever the attempt. */
  readonly failing = new Map<number, number>();

  async handle(event: DomainEvent<{ n: number }>, { manager, attempt }: ConsumerContext): Promise<void> {
    this.calls.push({ eventId: event.id, attempt, at: Date.now() });
    await manager.query('INSERT INTO probe_effects (event_id, n) VALUES ($1, $2)', [event.id, event.payload.n]);
    if (attempt <= this.failuresPerEvent) throw new Error(`probe failure on attempt ${attempt}`);
    const left = this.failing.get(event.payload.n) ?? 0;
    if (left > 0) {
      this.failing.set(event.payload.n, left - 1);
      throw new Error(`probe ${event.payload.n} fails`);
    }
  }
}

@Module({
  imports: [DomainEventsModule.forFeature({ consumers: [CountProbes] })],
  providers: [CountProbesJob],
})
export class ProbeModule {}

@Module({})
class ProbeHost {
  static forRoot(config: AppConfig, role: ProcessRole): DynamicModule {
    return { module: ProbeHost, imports: [PlatformModule.forRoot({ role, config }), ProbeModule] };
  }
}

export async function bootProbe(config: AppConfig, role: ProcessRole) {
  const app = await NestFactory.createApplicationContext(ProbeHost.forRoot(config, role), { logger: false });
  await app.init();
  return app;
}

export const PROBE_EFFECTS_TABLE = 'CREATE TABLE IF NOT EXISTS probe_effects (event_id uuid NOT NULL, n integer NOT NULL)';
