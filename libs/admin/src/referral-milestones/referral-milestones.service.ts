import { Injectable } from '@nestjs/common';
import { hasContent, sanitizePostHtml } from '@swishly/content';
import { apiError, EventMetadata, EventStore, headerValue } from '@swishly/platform';
import { NextMilestone, ReferralMilestoneLadder, WaitlistMembersService } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { MilestoneDto, MilestonesDto } from './dto/referral-milestones.dto';
import {
  CATCH_UP_CHUNK_SIZE,
  MilestoneDefinition,
  REFERRAL_MILESTONES_STREAM,
  ReferralMilestonesCatchUpQueued,
  ReferralMilestonesCatchUpRequested,
  ReferralMilestonesChanged,
} from './referral-milestones.events';

/** The milestones as saved, smallest first. */
export async function milestoneDefinitions(db: EntityManager | DataSource): Promise<MilestoneDefinition[]> {
  return db.query('SELECT referrals, reward, subject, html FROM referral_milestones ORDER BY referrals');
}

/** The awards these members have, as `entryId:referrals`. */
export async function awardsGiven(entryIds: string[], db: EntityManager | DataSource): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows: { entryId: string; referrals: number }[] = await db.query(
    `SELECT entry_id::text AS "entryId", referrals FROM referral_milestone_awards WHERE entry_id = ANY($1::uuid[])`,
    [entryIds],
  );
  return new Set(rows.map((row) => `${row.entryId}:${row.referrals}`));
}

/** The milestones a member with `credits` credited referrals has passed and not received. */
export function milestonesDue(member: { id: string; referralCredits: number }, milestones: MilestoneDefinition[], given: Set<string>): MilestoneDefinition[] {
  return milestones.filter((m) => m.referrals <= member.referralCredits && !given.has(`${member.id}:${m.referrals}`));
}

/**
 * Referral milestones (/admin/rewards): staff's list (each change an event), what each has given,
 * the catch-up for members who passed a milestone before it existed, and the member's next one.
 * The awards themselves are given by the worker (MilestoneAwards).
 */
@Injectable()
export class ReferralMilestonesService implements ReferralMilestoneLadder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly members: WaitlistMembersService,
  ) {}

  async list(): Promise<MilestonesDto> {
    const milestones = await milestoneDefinitions(this.dataSource);
    const reached: { referrals: number; count: number }[] = await this.dataSource.query(
      'SELECT referrals, count(*)::int AS count FROM referral_milestone_awards GROUP BY referrals',
    );
    const { waiting } = await this.due(this.dataSource.manager, milestones);
    return {
      milestones: milestones.map((m) => ({
        ...m,
        reached: reached.find((r) => r.referrals === m.referrals)?.count ?? 0,
        waiting: waiting.get(m.referrals) ?? 0,
      })),
    };
  }

  /** Replaces the list. Members already past a new milestone get it only from a catch-up (or when their next friend is credited). */
  async replace(milestones: MilestoneDto[], meta: EventMetadata): Promise<MilestonesDto> {
    const cleaned = milestones.map(clean).sort((a, b) => a.referrals - b.referrals);
    const twice = cleaned.find((m, i) => i > 0 && cleaned[i - 1].referrals === m.referrals);
    if (twice)
      throw apiError(400, `Two milestones are at ${twice.referrals} ${friends(twice.referrals)}: give each number of friends once.`, 'validation_failed');
    await this.events.append(REFERRAL_MILESTONES_STREAM, 'any', [ReferralMilestonesChanged({ milestones: cleaned })], meta);
    return this.list();
  }

  /** How many members a catch-up would reward now. */
  async catchUpSize(): Promise<{ members: number }> {
    return { members: (await this.due(this.dataSource.manager)).entryIds.length };
  }

  /**
   * Gives every confirmed member the milestones they passed and have not received (added after
   * they passed them): the members are queued in chunks, one job each. Nothing is given twice:
   * the worker skips an award a member already has, whoever asked for it and however often.
   */
  async catchUp(meta: EventMetadata): Promise<{ members: number }> {
    const catchUpId = randomUUID();
    return this.events.transaction(async (tx) => {
      const { entryIds } = await this.due(tx.manager);
      const chunks: string[][] = [];
      for (let i = 0; i < entryIds.length; i += CATCH_UP_CHUNK_SIZE) chunks.push(entryIds.slice(i, i + CATCH_UP_CHUNK_SIZE));
      await tx.append(
        { streamType: 'referral-milestones-catch-up', streamId: catchUpId },
        0,
        [
          ReferralMilestonesCatchUpRequested({ catchUpId, members: entryIds.length, chunks: chunks.length }),
          ...chunks.map((ids, chunk) => ReferralMilestonesCatchUpQueued({ catchUpId, chunk, entryIds: ids })),
        ],
        meta,
      );
      return { members: entryIds.length };
    });
  }

  /** The smallest milestone above `referrals` (the member's status page). */
  async nextAfter(referrals: number): Promise<NextMilestone | null> {
    const [next]: { referrals: number; reward: NextMilestone['reward'] }[] = await this.dataSource.query(
      'SELECT referrals, reward FROM referral_milestones WHERE referrals > $1 ORDER BY referrals LIMIT 1',
      [referrals],
    );
    return next ? { ...next, remaining: next.referrals - referrals } : null;
  }

  /** The milestones a member has reached, with when (their view on /admin/waitlist). */
  async reachedBy(entryId: string): Promise<{ referrals: number; reward: NextMilestone['reward']; reachedAt: string }[]> {
    const rows: { referrals: number; reward: NextMilestone['reward']; awarded_at: Date }[] = await this.dataSource.query(
      'SELECT referrals, reward, awarded_at FROM referral_milestone_awards WHERE entry_id = $1 ORDER BY referrals',
      [entryId],
    );
    return rows.map((row) => ({ referrals: row.referrals, reward: row.reward, reachedAt: row.awarded_at.toISOString() }));
  }

  /** Confirmed members who passed a milestone they have not received: their ids, and how many wait for each milestone. */
  private async due(db: EntityManager, saved?: MilestoneDefinition[]): Promise<{ entryIds: string[]; waiting: Map<number, number> }> {
    const milestones = saved ?? (await milestoneDefinitions(db));
    const waiting = new Map<number, number>();
    if (milestones.length === 0) return { entryIds: [], waiting };
    const referrers = await this.members.creditedAtLeast(milestones[0].referrals, db);
    const given = await awardsGiven(
      referrers.map((r) => r.id),
      db,
    );
    const entryIds: string[] = [];
    for (const member of referrers) {
      const due = milestonesDue(member, milestones, given);
      if (due.length > 0) entryIds.push(member.id);
      for (const m of due) waiting.set(m.referrals, (waiting.get(m.referrals) ?? 0) + 1);
    }
    return { entryIds, waiting };
  }
}

/** The subject on one line, the body sanitised like posts (and again before each email goes); both required. */
function clean(milestone: MilestoneDto): MilestoneDefinition {
  const subject = headerValue(milestone.subject);
  const html = sanitizePostHtml(milestone.html);
  const at = `${milestone.referrals} ${friends(milestone.referrals)}`;
  if (!subject) throw apiError(400, `Give the email at ${at} a subject.`, 'validation_failed');
  if (!hasContent(html)) throw apiError(400, `Write the email at ${at}.`, 'validation_failed');
  return { referrals: milestone.referrals, reward: milestone.reward, subject, html };
}

const friends = (n: number) => (n === 1 ? 'friend' : 'friends');
