import { SetMetadata } from '@nestjs/common';
import { ConsumerDeclaration } from './domain-event';

export const CONSUMER_HANDLER = Symbol('CONSUMER_HANDLER');

/** Marks the provider that handles a declared consumer's events in apps/worker. */
export const HandlesConsumer = (consumer: ConsumerDeclaration<any>) => SetMetadata(CONSUMER_HANDLER, consumer);
