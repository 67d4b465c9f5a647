import { Injectable } from '@nestjs/common';
import { EventMetadata, EventStore } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { WAITLIST_EXPORT_STREAM, WaitlistExported } from './waitlist-exports.events';

/** Every CSV download of the list is on the record (the audit log shows who took the list and when). */
@Injectable()
export class WaitlistExportsService {
  constructor(private readonly events: EventStore) {}

  async record(filters: { status?: string | null; search?: string | null }, meta: EventMetadata): Promise<void> {
    await this.events.append(
      { streamType: WAITLIST_EXPORT_STREAM, streamId: randomUUID() },
      0,
      [WaitlistExported({ status: filters.status ?? null, searched: Boolean(filters.search?.trim()) })],
      meta,
    );
  }
}
