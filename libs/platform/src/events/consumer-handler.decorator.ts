import { SetMetadata } from '@nestjs/common';
import { ConsumerDeclaration, ConsumerHandler } from './domain-event';

export const CONSUMER_HANDLER = Symbol('CONSUMER_HANDLER');

/**
 * Marks the provider that handles a declared consumer's events in apps/worker. Typed: the class
 * must handle every event type the consumer declares (`handle`'s payload is checked against them).
 */
export function HandlesConsumer<TPayload>(consumer: ConsumerDeclaration<TPayload>) {
  return (target: new (...args: never[]) => ConsumerHandler<TPayload>): void => {
    SetMetadata(CONSUMER_HANDLER, consumer)(target);
  };
}
