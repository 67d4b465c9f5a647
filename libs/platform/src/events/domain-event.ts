import { EntityManager } from 'typeorm';
import { declarePersonalData, PersonalDataRule } from './personal-data';

/** Who caused an event and through which request: the audit trail of every change. */
export interface EventMetadata {
  /** 'api-key': another system, through an API key staff made (actorId is the key's id). */
  actorType?: 'visitor' | 'admin' | 'api-key' | 'system';
  actorId?: string | null;
  requestId?: string;
  /** The caller's address, for the request's own rate limits: never stored with the event (see EventTransaction). */
  ip?: string;
  /** The request (or first event) a chain of events started from: the same on every event of the chain. */
  correlationId?: string;
  /** The event whose consumer appended this one. */
  causationId?: string;
}

/**
 * The metadata of events a consumer appends because of `cause`: the system acts, `cause` is
 * their cause, and they keep the correlation id of the request that started the chain, however
 * many hops away it is.
 */
export function causedBy(cause: DomainEvent): EventMetadata {
  return { actorType: 'system', actorId: null, causationId: cause.id, correlationId: cause.metadata.correlationId ?? cause.metadata.requestId ?? cause.id };
}

/** A stored event, as projections and consumers receive it. */
export interface DomainEvent<TPayload = unknown> {
  id: string;
  /** Global order in the log (a bigint, kept as a string). */
  position: string;
  streamType: string;
  streamId: string;
  version: number;
  type: string;
  payload: TPayload;
  metadata: EventMetadata;
  occurredAt: string;
  /** The personal fields of this event were erased (they read null): derive nothing from it. See personal-data.ts. */
  personalDataErased?: true;
}

/** An event about to be appended. */
export interface PendingEvent<TPayload = unknown> {
  type: string;
  payload: TPayload;
}

export interface EventType<TPayload> {
  readonly type: string;
  /** Builds the event to append. */
  (payload: TPayload): PendingEvent<TPayload>;
  is(event: DomainEvent): event is DomainEvent<TPayload>;
}

export type PayloadOf<T> = T extends EventType<infer P> ? P : never;

/**
 * Declares an event type with its payload: `export const ContactSubmitted = defineEvent<Payload>('contact.submitted')`.
 * `personalData` names the fields that identify a person, and whose they are: they are kept
 * beside the log, where an erasure can delete them (personal-data.ts).
 */
export function defineEvent<TPayload>(type: string, options: { personalData?: PersonalDataRule<TPayload> } = {}): EventType<TPayload> {
  if (options.personalData) declarePersonalData(type, options.personalData);
  const create = (payload: TPayload): PendingEvent<TPayload> => ({ type, payload });
  return Object.assign(create, {
    type,
    is: (event: DomainEvent): event is DomainEvent<TPayload> => event.type === type,
  }) as EventType<TPayload>;
}

export interface ConsumerOptions<TPayload = unknown> {
  /** Attempts before the job is left failed for ops (defaults to CONSUMER_ATTEMPTS). */
  attempts?: number;
  /** First back-off delay in ms, doubled on every retry (defaults to CONSUMER_BACKOFF_MS). */
  backoffMs?: number;
  /** At most this many of this queue's jobs at once (the worker's WORKER_CONCURRENCY bounds them all). */
  concurrency?: number;
  /**
   * Each event in a job (and a transaction) of its own, never several of one relay pass together:
   * for events that are each a large piece of work (a broadcast's chunk of recipients), so one
   * commits and is done before the next, and several run at once up to `concurrency`.
   */
  oneJobPerEvent?: boolean;
  /**
   * Its jobs take the next free job slot ahead of other consumers' waiting jobs: for a chain of
   * steps, each the next one's only cause (an import's chunks), which would otherwise wait behind
   * the work its own previous step made for the other consumers.
   */
  first?: boolean;
  /**
   * Only these events are queued for the consumer (the others are never its work). Must be a
   * pure function of the event: the relay and the reconciler both ask it.
   */
  only?: (event: DomainEvent<TPayload>) => boolean;
}

/** "Consumer X handles event types Y": declared by a module, run by apps/worker. */
export interface ConsumerDeclaration<TPayload = unknown> {
  readonly name: string;
  readonly handles: readonly EventType<unknown>[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased: registries hold consumers of every payload
  readonly options: ConsumerOptions<any>;
  /** Phantom field carrying the payload type to the handler. */
  readonly __payload?: TPayload;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any event type: EventType is invariant in its payload
export function defineConsumer<const T extends readonly EventType<any>[]>(
  name: string,
  handles: T,
  options: ConsumerOptions<PayloadOf<T[number]>> = {},
): ConsumerDeclaration<PayloadOf<T[number]>> {
  if (!/^[a-z0-9][a-z0-9.-]*$/.test(name)) {
    throw new Error(`Consumer name "${name}" must be lower-case letters, digits, dots and dashes`);
  }
  return { name, handles, options };
}

/** True when `consumer` wants `event`: it handles the type and its `only` filter (if any) agrees. */
export function wants(consumer: ConsumerDeclaration, event: DomainEvent): boolean {
  return consumer.handles.some((h) => h.type === event.type) && (consumer.options.only?.(event) ?? true);
}

export interface ConsumerContext {
  /**
   * The transaction that also records the event as processed by this consumer. Every read and
   * write of the handler goes through it: the job holds this one connection and asks for no other.
   */
  manager: EntityManager;
  attempt: number;
  /** Attempts the job has in all (the last one should leave a failure visible). */
  maxAttempts: number;
  jobId: string;
  /**
   * Work to do once the transaction has committed, outside it (sending an email, a network
   * call): it must be safe to repeat, since a crash can come between the commit and the call.
   */
  afterCommit(work: () => Promise<void>): void;
}

/**
 * What a consumer's handler implements. Written as properties rather than methods so that
 * TypeScript checks the payload strictly: a handler that takes fewer event types than its
 * consumer declares does not compile.
 */
export interface ConsumerHandler<TPayload = unknown> {
  handle: (event: DomainEvent<TPayload>, context: ConsumerContext) => Promise<void>;
  /**
   * Optional: the events of one job at once, in log order (one query for all of them instead
   * of one each). Without it the host calls `handle` for each event in turn.
   */
  handleBatch?: (events: DomainEvent<TPayload>[], context: ConsumerContext) => Promise<void>;
}

/** What a consumer's job carries: the events of one relay pass that this consumer wants, in log order. */
export interface ConsumerJobData {
  events: DomainEvent[];
}

export type ProjectionHandler<TPayload = unknown> = (event: DomainEvent<TPayload>, manager: EntityManager) => Promise<void>;

/** Applies consecutive events of one type at once (one multi-row statement instead of one per event). */
export type ProjectionBatchHandler<TPayload = unknown> = (events: DomainEvent<TPayload>[], manager: EntityManager) => Promise<void>;

/**
 * A read model: tables rebuilt from the log by pure handlers. Handlers must use only the
 * event (never the clock or random values) so that a replay produces the same rows.
 */
export interface Projection {
  readonly name: string;
  /** The tables this projection owns; replay truncates them before re-applying the log. */
  readonly tables: readonly string[];
  /**
   * Applied before the other projections of each event. A projection that writes a row every
   * writer of its module locks first (the waitlist's counter, which a join locks to number the
   * member) goes first, so every transaction takes its locks in one order and two cannot deadlock.
   */
  readonly runsFirst?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased: one map holds handlers of every event type
  readonly handlers: ReadonlyMap<string, ProjectionBatchHandler<any>>;
}

/** Builds a projection's handler map with the payload types checked. */
export class ProjectionHandlers {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see Projection.handlers
  private readonly map = new Map<string, ProjectionBatchHandler<any>>();

  /** One event at a time. */
  on<P>(eventType: EventType<P>, handler: ProjectionHandler<P>): this {
    return this.onBatch(eventType, async (events, manager) => {
      for (const event of events) await handler(event, manager);
    });
  }

  /** Consecutive events of this type together, in log order (for hot paths: a burst of joins). */
  onBatch<P>(eventType: EventType<P>, handler: ProjectionBatchHandler<P>): this {
    if (this.map.has(eventType.type)) throw new Error(`Two handlers for ${eventType.type}`);
    this.map.set(eventType.type, handler);
    return this;
  }

  build(): Projection['handlers'] {
    return this.map;
  }
}
