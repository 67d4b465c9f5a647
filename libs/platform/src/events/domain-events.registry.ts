import { Injectable } from '@nestjs/common';
import { ConsumerDeclaration, DomainEvent, Projection, wants } from './domain-event';

/** Every projection of the running app, filled by `DomainEventsModule.forFeature`. */
@Injectable()
export class ProjectionRegistry {
  private readonly projections: Projection[] = [];

  register(projection: Projection): void {
    if (this.projections.some((p) => p.name === projection.name)) {
      throw new Error(`Projection "${projection.name}" is registered twice`);
    }
    this.projections.push(projection);
  }

  all(): readonly Projection[] {
    return this.projections;
  }

  /** The handlers of an event type, those of projections that run first before the rest, each group in registration order. */
  handlersFor(eventType: string) {
    const ordered = [...this.projections.filter((p) => p.runsFirst), ...this.projections.filter((p) => !p.runsFirst)];
    return ordered.flatMap((p) => {
      const handler = p.handlers.get(eventType);
      return handler ? [{ projection: p.name, handler }] : [];
    });
  }
}

/** Every declared consumer; the relay routes each event to the queues of its consumers. */
@Injectable()
export class ConsumerRegistry {
  private readonly consumers = new Map<string, ConsumerDeclaration>();

  register(consumer: ConsumerDeclaration): void {
    const existing = this.consumers.get(consumer.name);
    if (existing && existing !== consumer) throw new Error(`Consumer "${consumer.name}" is declared twice`);
    this.consumers.set(consumer.name, consumer);
  }

  all(): ConsumerDeclaration[] {
    return [...this.consumers.values()];
  }

  /** The consumers that take this event (by type, and by their `only` filter). */
  consumersOf(event: DomainEvent): ConsumerDeclaration[] {
    return this.all().filter((c) => wants(c, event));
  }
}
