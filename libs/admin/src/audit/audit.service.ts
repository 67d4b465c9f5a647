import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { WaitlistImportRequested, WaitlistImportsService } from '@swishly/waitlist';
import { DataSource } from 'typeorm';
import { ADMIN_USER_STREAM, AdminUserCreated } from '../auth/admin-auth.events';
import { AdminUsersRepository } from '../auth/admin-users.repository';
import { ApiKeysRepository } from '../integrations/api-keys/api-keys.repository';
import { AUDIT_ACTIONS, MEMBER_TARGETED, NOT_ACTIONS, TARGET_TYPES } from './audit-actions';

export interface AuditEntry {
  id: string;
  at: string;
  /** staff, or another system through an API key. */
  actorType: 'staff' | 'api-key';
  actorId: string | null;
  actorEmail: string | null;
  /** Who in words: the staff member's email, or "API key ‘Zapier’" (null when unknown). */
  actorName: string | null;
  action: string;
  label: string;
  target: { type: string; id: string } | null;
  /** Why, in staff's words, when the action asked for it (a held referral's review). */
  reason: string | null;
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  cursor?: string;
}

const PAGE = 50;

interface Row {
  position: string;
  id: string;
  occurred_at: Date;
  type: string;
  stream_type: string;
  stream_id: string;
  actor_type: 'admin' | 'api-key';
  actor_id: string | null;
  entry_id: string | null;
  reason: string | null;
}

/**
 * What staff did, and other systems through their API keys, newest first: read from the event log
 * itself (every event names its actor), so nothing staff or a key do can happen without its entry. An entry names the member by id only; the event
 * log's own erasure keeps it free of personal data.
 */
@Injectable()
export class AuditService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: AdminUsersRepository,
    private readonly apiKeys: ApiKeysRepository,
    private readonly imports: WaitlistImportsService,
  ) {}

  async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
    // The same predicate as the partial indexes (1763700003301), so a page stays an index scan.
    const where = [`metadata->>'actorType' IN ('admin', 'api-key')`, `NOT (type = ANY($1))`];
    const params: unknown[] = [NOT_ACTIONS];
    if (query.actor) where.push(`metadata->>'actorId' = $${params.push(query.actor)}`);
    if (query.action) where.push(`type = $${params.push(query.action)}`);
    if (query.cursor) where.push(`position < $${params.push(query.cursor)}::bigint`);
    const rows: Row[] = await this.db.query(
      `SELECT position, id, occurred_at, type, stream_type, stream_id, metadata->>'actorType' AS actor_type, metadata->>'actorId' AS actor_id,
              payload->>'entryId' AS entry_id, payload->>'reason' AS reason
         FROM domain_events WHERE ${where.join(' AND ')}
        ORDER BY position DESC LIMIT ${PAGE + 1}`,
      params,
    );
    const page = rows.slice(0, PAGE);
    const actorsOf = (type: Row['actor_type']) => [...new Set(page.filter((row) => row.actor_type === type && row.actor_id).map((row) => row.actor_id!))];
    const [emails, keyNames, imported] = await Promise.all([
      this.actorEmails(actorsOf('admin')),
      this.apiKeys.namesByIds(actorsOf('api-key')),
      this.imports.importedCounts(page.filter((row) => row.type === WaitlistImportRequested.type).map((row) => row.stream_id)),
    ]);
    return {
      entries: page.map((row) => {
        const byKey = row.actor_type === 'api-key';
        const email = !byKey && row.actor_id ? (emails.get(row.actor_id) ?? null) : null;
        const keyName = byKey && row.actor_id ? keyNames.get(row.actor_id) : undefined;
        return {
          id: row.id,
          at: new Date(row.occurred_at).toISOString(),
          actorType: byKey ? 'api-key' : 'staff',
          actorId: row.actor_id,
          actorEmail: email,
          actorName: byKey ? (keyName !== undefined ? `API key ‘${keyName}’` : null) : email,
          action: row.type,
          label: imported.has(row.stream_id) ? importLabel(imported.get(row.stream_id)!) : (AUDIT_ACTIONS[row.type] ?? row.type),
          target:
            MEMBER_TARGETED.includes(row.type) && row.entry_id
              ? { type: 'member', id: row.entry_id }
              : { type: TARGET_TYPES[row.stream_type] ?? row.stream_type, id: row.stream_id },
          reason: row.reason ?? null,
        };
      }),
      nextCursor: rows.length > PAGE ? String(page[page.length - 1].position) : null,
    };
  }

  actions(): { action: string; label: string }[] {
    return Object.entries(AUDIT_ACTIONS).map(([action, label]) => ({ action, label }));
  }

  /** Staff emails by id; a removed account's from the event that created it (staff's own address, not a member's). */
  private async actorEmails(ids: string[]): Promise<Map<string, string>> {
    const emails = await this.users.emailsByIds(ids);
    const gone = ids.filter((id) => !emails.has(id));
    if (gone.length > 0) {
      const rows: { stream_id: string; email: string }[] = await this.db.query(
        `SELECT stream_id, payload->>'email' AS email FROM domain_events WHERE type = $1 AND stream_type = $2 AND stream_id = ANY($3)`,
        [AdminUserCreated.type, ADMIN_USER_STREAM, gone],
      );
      for (const row of rows) emails.set(row.stream_id, row.email);
    }
    return emails;
  }
}

/** An import says how many members it brought, once it has finished. */
function importLabel(count: number): string {
  return `Imported ${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'} from a CSV`;
}
