import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { QueueRegistry, withTimeout } from '@swishly/platform';
import { DataSource, EntityManager } from 'typeorm';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';

/** Zero-padded so that equal rank keys order by signup number (Redis orders ties by member). */
const member = (signupNumber: number) => String(signupNumber).padStart(10, '0');

/**
 * The set's size, and the member's score and rank, in one round trip. (A script rather than
 * MULTI: ioredis builds a MULTI by copying every Lua command BullMQ defined on the connection,
 * which costs more than the lookup itself.)
 */
const LOOKUP = `return {redis.call('ZCARD', KEYS[1]), redis.call('ZSCORE', KEYS[1], ARGV[1]), redis.call('ZRANK', KEYS[1], ARGV[1])}`;

/** ZADD (score, member pairs in ARGV), then whether the set is marked complete (KEYS[2]). */
const MIRROR = `redis.call('ZADD', KEYS[1], unpack(ARGV)) return redis.call('EXISTS', KEYS[2])`;

/**
 * Waitlist positions. The order is (rank_key, signup_number), rank_key being twice the signup
 * number less what confirmed referrals earned (see WaitlistEntry.rankKey). The worker mirrors every entry's rank_key
 * into a Redis sorted set, where a position is one ZRANK (O(log n), fast at a million
 * entries). When Redis is away or out of step, the indexed count in Postgres answers instead.
 * A worker job passes its transaction's manager (`db`): a job never asks the pool for a second
 * connection.
 */
@Injectable()
export class PositionsService {
  private readonly logger = new Logger(PositionsService.name);

  constructor(
    private readonly queues: QueueRegistry,
    private readonly dataSource: DataSource,
    private readonly entries: WaitlistEntriesRepository,
  ) {}

  get key(): string {
    return `${this.queues.prefix}:waitlist:positions`;
  }

  /**
   * The entry's place in the list: from the Redis index when it holds every entry and this
   * entry's latest score, else counted in Postgres. `db`: the transaction to read in;
   * `entryCount`: the list's size when the caller already read it (one query fewer).
   */
  async positionOf(
    entry: Pick<WaitlistEntry, 'signupNumber' | 'rankKey'>,
    { db = this.dataSource.manager, entryCount }: { db?: EntityManager; entryCount?: number } = {},
  ): Promise<number> {
    const fromRedis = await this.fromRedis(entry, db, entryCount).catch(() => null);
    return fromRedis ?? this.fromPostgres(entry, db);
  }

  async fromRedis(
    entry: Pick<WaitlistEntry, 'signupNumber' | 'rankKey'>,
    db: EntityManager = this.dataSource.manager,
    knownCount?: number,
  ): Promise<number | null> {
    const [[size, score, rank], entryCount] = await Promise.all([
      withTimeout(
        this.queues.redis().eval(LOOKUP, 1, this.key, member(entry.signupNumber)) as Promise<[number, string | null, number | null]>,
        300,
        'position lookup',
      ),
      knownCount ?? this.entries.entryCount(db),
    ]);
    // Only trust the set when it has everyone and this entry's latest score.
    if (rank === null || Number(score) !== entry.rankKey || Number(size) !== entryCount) return null;
    return Number(rank) + 1;
  }

  async fromPostgres(entry: Pick<WaitlistEntry, 'signupNumber' | 'rankKey'>, db: EntityManager = this.dataSource.manager): Promise<number> {
    return (await this.entries.countAhead(entry.rankKey, entry.signupNumber, db)) + 1;
  }

  /**
   * Marks the set as holding every entry (a rebuild wrote it). Redis losing its data loses the
   * mark with the set, and the next mirror rebuilds. (Checking for an empty set instead misses a
   * job that adds its rows between the loss and the check.)
   */
  get completeKey(): string {
    return `${this.key}:complete`;
  }

  /** Mirrors these entries' current ranks into Redis (worker side, in the job's transaction). */
  async mirror(entryIds: string[], db: EntityManager): Promise<void> {
    const rows = await this.entries.ranksOf(entryIds, db);
    if (rows.length === 0) return;
    const redis = await this.queues.connectedRedis();
    const complete = await redis.eval(MIRROR, 2, this.key, this.completeKey, ...rows.flatMap((r) => [r.rank_key, member(r.signup_number)]));
    if (!complete) await this.rebuild(db); // first use, or Redis lost its data (it keeps none on disk here)
  }

  /**
   * Takes an erased member out of the set. Should Redis be away, the set's size no longer
   * matches the list's and positions are counted in Postgres until the next rebuild.
   */
  async forget(signupNumber: number): Promise<void> {
    await withTimeout(this.queues.redis().zrem(this.key, member(signupNumber)), 1000, 'position forget').catch((error: Error) =>
      this.logger.warn(`Could not take an erased member out of the positions set: ${error.message}`),
    );
  }

  /**
   * Rebuilds the whole sorted set from Postgres, in batches, while jobs may keep mirroring into
   * it. The staging copy is merged in (never renamed over the set, which would drop what they
   * wrote meanwhile), keeping each entry's lower score: rank keys only ever go down.
   */
  async rebuild(db: EntityManager = this.dataSource.manager, batchSize = 10_000): Promise<number> {
    const redis = await this.queues.connectedRedis();
    const staging = `${this.key}:rebuild:${randomUUID()}`; // rebuilds running at once each have their own
    await redis.del(staging);
    let after = 0;
    let total = 0;
    for (;;) {
      const rows = await this.entries.ranksAfter(after, batchSize, db);
      if (rows.length === 0) break;
      await redis.zadd(staging, ...rows.flatMap((r) => [r.rank_key, member(r.signup_number)]));
      total += rows.length;
      after = rows[rows.length - 1].signup_number;
    }
    const merge = redis.multi();
    if (total > 0) merge.zunionstore(this.key, 2, this.key, staging, 'AGGREGATE', 'MIN').del(staging);
    await merge.set(this.completeKey, '1').exec();
    this.logger.log(`Rebuilt waitlist positions for ${total} entries`);
    return total;
  }
}
