import { Module } from '@nestjs/common';

/**
 * In-person event (Helsinki Basketball Festival) and web shot-analysis flows: shot records
 * and feedback. (Not the domain event store, which lives in libs/platform.)
 * Filled by the events issue: shot ingest, the hbf/shot forms, feedback.
 */
@Module({})
export class EventsModule {}
