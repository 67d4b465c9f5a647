import { Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, isUuid, StreamVersionConflictError, uuidFrom } from '@swishly/platform';
import { LeaveOutFilters, AdmissionPreview, WAITLIST_STREAM, WaitlistAdmitted, WaitlistMembersService } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { ADMISSION_STREAM, AdmissionRequested } from './admissions.events';

export interface AdmissionProgress {
  id: string;
  requested: number;
  /** Members admitted (fewer than requested when fewer were waiting). */
  total: number;
  /** Of those, how many have their code and invite. */
  invited: number;
  status: 'running' | 'done';
}

/**
 * Admissions: the next N confirmed members not yet admitted, in position order, are admitted in
 * one transaction (one waitlist.admitted event each, under a lock so two admissions never pick
 * the same member); the worker then gives each their code and invite (InviteAdmittedMembersJob),
 * exactly once by the consumers' protocol. A request with an Idempotency-Key is the same
 * admission however often it arrives. One admission at a time: while one is still giving out
 * codes and invites, another is refused (a double click with two keys would let in twice as
 * many as staff meant).
 */
@Injectable()
export class AdmissionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly members: WaitlistMembersService,
  ) {}

  async admit(count: number, filters: LeaveOutFilters, idempotencyKey: string | undefined, meta: EventMetadata): Promise<AdmissionProgress> {
    const admissionId = idempotencyKey ? uuidFrom(`admission:${idempotencyKey}`) : randomUUID();
    await this.admitPicked(admissionId, count, (db) => this.members.nextToAdmit(count, filters, db), meta);
    return this.progress(admissionId);
  }

  /** Who an admission of `count` would let in now, and whom it passes over. */
  preview(count: number, filters: LeaveOutFilters): Promise<AdmissionPreview> {
    return this.members.admissionPreview(count, filters);
  }

  /** The admission still giving out codes and invites, if one is (what every staff screen shows, also after a reload). */
  async running(db: EntityManager = this.dataSource.manager, except?: string): Promise<AdmissionProgress | null> {
    const [row] = await db.query(
      `SELECT id, requested, total, invited FROM waitlist_admissions WHERE invited < total AND id IS DISTINCT FROM $1 ORDER BY created_at DESC LIMIT 1`,
      [except ?? null],
    );
    return row ? { ...row, status: 'running' } : null;
  }

  /** "Admit now" on a member's view: this one member, out of turn (confirmed and not yet admitted). */
  async admitMember(entryId: string, meta: EventMetadata): Promise<AdmissionProgress> {
    const admissionId = randomUUID();
    await this.admitPicked(admissionId, 1, async (db) => [await this.members.admittable(entryId, db)], meta);
    return this.progress(admissionId);
  }

  /** Admits the members `pick` chooses, in one transaction under the admissions lock (two admissions never pick the same member). */
  private async admitPicked(admissionId: string, requested: number, pick: (db: EntityManager) => Promise<string[]>, meta: EventMetadata): Promise<void> {
    try {
      await this.events.transaction(
        async (tx) => {
          await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('waitlist-admissions', 0))`);
          const [again] = await tx.manager.query('SELECT 1 FROM waitlist_admissions WHERE id = $1', [admissionId]);
          if (again) return; // the same Idempotency-Key again: that admission, as it stands
          const running = await this.running(tx.manager, admissionId);
          if (running) {
            throw apiError(
              409,
              `Another admission is still giving out codes and invites (${running.invited} of ${running.total} so far): wait for it to finish, then admit more.`,
              'admission_running',
            );
          }
          const entryIds = await pick(tx.manager);
          const versions = await streamVersions(tx.manager, entryIds);
          await tx.appendToStreams([
            {
              stream: { streamType: ADMISSION_STREAM, streamId: admissionId },
              expectedVersion: 0,
              events: [AdmissionRequested({ admissionId, requested, total: entryIds.length })],
              metadata: meta,
            },
            ...entryIds.map((entryId) => ({
              stream: { streamType: WAITLIST_STREAM, streamId: entryId },
              expectedVersion: versions.get(entryId) ?? 0,
              events: [WaitlistAdmitted({ entryId, admissionId })],
              metadata: meta,
            })),
          ]);
        },
        { retries: 3 }, // a member who confirmed or was credited meanwhile: pick again
      );
    } catch (error) {
      // The same Idempotency-Key again: that admission, as it stands.
      if (!(error instanceof StreamVersionConflictError && error.streamType === ADMISSION_STREAM)) throw error;
    }
  }

  async progress(id: string): Promise<AdmissionProgress> {
    const [row] = isUuid(id) ? await this.dataSource.query('SELECT id, requested, total, invited FROM waitlist_admissions WHERE id = $1', [id]) : [];
    if (!row) throw apiError(404, 'Admission not found.', 'not_found');
    return { ...row, status: row.invited >= row.total ? 'done' : 'running' };
  }
}

/** Each entry stream's version (to append at it in one statement, not one lookup each). */
async function streamVersions(db: DataSource['manager'], entryIds: string[]): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows: { stream_id: string; version: number }[] = await db.query(
    `SELECT stream_id, max(version)::int AS version FROM domain_events WHERE stream_type = $1 AND stream_id = ANY($2::varchar[]) GROUP BY stream_id`,
    [WAITLIST_STREAM, entryIds],
  );
  return new Map(rows.map((r) => [r.stream_id, r.version]));
}
