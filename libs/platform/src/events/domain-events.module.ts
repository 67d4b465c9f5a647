import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { ConsumerDeclaration, Projection } from './domain-event';
import { EventStore } from './event-store.service';
import { OutboxRelay } from './outbox-relay.service';
import { ConsumerRegistry, ProjectionRegistry } from './domain-events.registry';
import { ReplayService } from './replay.service';
import { QueueRegistry } from '../queues/queue.registry';
import { PersonalDataRegistry } from '../privacy/personal-data.registry';

let featureCount = 0;

@Global()
@Module({})
export class DomainEventsModule {
  /** The event store, the registries and the outbox relay: imported once by PlatformModule. */
  static forRoot(): DynamicModule {
    const providers = [ProjectionRegistry, ConsumerRegistry, PersonalDataRegistry, EventStore, OutboxRelay, ReplayService, QueueRegistry];
    return { module: DomainEventsModule, global: true, providers, exports: providers };
  }

  /**
   * A business module's read models and consumers:
   * `DomainEventsModule.forFeature({ projections: [ContactSubmissionsProjection], consumers: [SendContactEmails] })`.
   */
  static forFeature(feature: { projections?: Type<Projection>[]; consumers?: ConsumerDeclaration[] }): DynamicModule {
    const projections = feature.projections ?? [];
    const consumers = feature.consumers ?? [];
    return {
      module: class DomainEventsFeature {},
      providers: [
        ...projections,
        {
          provide: `domain-events-feature-${++featureCount}`,
          inject: [ProjectionRegistry, ConsumerRegistry, ...projections],
          useFactory: (projectionRegistry: ProjectionRegistry, consumerRegistry: ConsumerRegistry, ...instances: Projection[]) => {
            instances.forEach((p) => projectionRegistry.register(p));
            consumers.forEach((c) => consumerRegistry.register(c));
            return true;
          },
        },
      ],
      exports: projections,
    };
  }
}
