import { Injectable, Logger } from '@nestjs/common';
import { QueueRegistry, withTimeout } from '@swishly/platform';
import { randomBytes } from 'node:crypto';

/** How long a day's salt outlives its day: a request that began at 23:59:59 still finds it. */
/** setTimeout's ceiling (about 24.8 days); a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const SALT_GRACE_SECONDS = 10 * 60;

/**
 * The salt of each UTC day's visitor hashes: random, shared by every replica through Redis
 * (the first to ask creates it), and destroyed once its day is over (the key expires at the next
 * midnight plus a short grace; each process forgets it when the day changes). Nothing, not even
 * APP_SECRET, can make a past day's salt again, so a stored hash cannot be brute-forced back into
 * the address behind it. While Redis is away a process uses a random salt of its own for the day:
 * a visitor seen by two replicas then counts twice, never an address kept.
 */
@Injectable()
export class VisitorSalts {
  private readonly logger = new Logger(VisitorSalts.name);
  /** This process's copy of today's salt; a day's entry is dropped as soon as another day is asked for. */
  private readonly salts = new Map<string, Promise<Buffer>>();

  constructor(private readonly queues: QueueRegistry) {}

  saltOf(day: string): Promise<Buffer> {
    let salt = this.salts.get(day);
    if (!salt) {
      for (const other of this.salts.keys()) if (other < day) this.salts.delete(other);
      salt = this.sharedSalt(day).catch((error: Error) => {
        this.logger.warn(`Visitor salt not shared (Redis unavailable), using this process's own for ${day}: ${error.message}`);
        this.salts.delete(day); // asked again for the next click, so the shared one is used once Redis is back
        return randomBytes(32);
      });
      this.salts.set(day, salt);
      // Forgotten here once its day (and the grace) is over, whether or not another click comes.
      const endsIn = Date.parse(`${day}T00:00:00Z`) + (24 * 3600 + SALT_GRACE_SECONDS) * 1000 - Date.now();
      setTimeout(() => this.salts.delete(day), Math.min(Math.max(0, endsIn), MAX_TIMER_MS)).unref();
    }
    return salt;
  }

  private async sharedSalt(day: string): Promise<Buffer> {
    const redis = await this.queues.connectedRedis(500);
    const key = `${this.queues.prefix}:analytics:visitor-salt:${day}`;
    const expiresAt = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 24 * 3600 + SALT_GRACE_SECONDS;
    const mine = randomBytes(32).toString('base64');
    // SET NX: the first replica's salt wins; GET answers whichever did.
    const [, [, stored]] = (await withTimeout(redis.multi().set(key, mine, 'EXAT', expiresAt, 'NX').get(key).exec(), 500, 'visitor salt')) as [
      unknown,
      [unknown, string | null],
    ];
    if (!stored) throw new Error('the salt expired while it was read');
    return Buffer.from(stored, 'base64');
  }
}
