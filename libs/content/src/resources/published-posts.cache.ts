import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, QueueRegistry, SettingsOf, workerConnectionOptions } from '@swishly/platform';
import IORedis from 'ioredis';
import { ResourcesSettings } from './resources.settings';

/** The longest an answer is kept, should a change notice ever be missed (see the class comment). */
const MAX_AGE_MS = 60_000;

interface Answer {
  value: Promise<unknown>;
  expiresAt: number;
}

/**
 * The public blog's answers (lists, searches, articles, related posts, feeds), kept in this process
 * until a post changes. Readers vastly outnumber writes, and a search over 10,000 posts costs
 * milliseconds of Postgres, so an answer is computed once and then served from memory.
 *
 * Every post write announces itself on a Redis channel once it has committed (`changed()`); each
 * replica (API or worker) empties its cache when it hears it, and the writer's own process at once,
 * so staff see their change on their next read. Announcements are not stored: while the subscription
 * is down this process bypasses the cache (reads go to Postgres), and it starts empty when the
 * subscription is back. An announcement that is still missed (published while this process was
 * resubscribing) or a rebuild by `npm run events:replay` shows within MAX_AGE_MS.
 *
 * Simultaneous misses of one answer share one query, and an answer whose query began before a
 * change is never kept after it. At most RESOURCES_CACHE_ANSWERS answers are kept (a list of 50
 * summaries is about 25 KB), the least recently used going first; 0 turns the cache off.
 */
@Injectable()
export class PublishedPostsCache implements OnApplicationShutdown {
  private readonly logger = new Logger(PublishedPostsCache.name);
  private readonly answers = new Map<string, Answer>();
  private subscriber?: IORedis;
  private listening = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueRegistry,
    @Inject(ResourcesSettings.token) private readonly settings: SettingsOf<typeof ResourcesSettings>,
  ) {}

  private get channel(): string {
    return `${this.config.REDIS_PREFIX}:resources:changed`;
  }

  /** The answer for `key`: kept, or computed by `compute` (and kept while nothing changes). */
  get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.settings.RESOURCES_CACHE_ANSWERS === 0) return compute();
    this.listen();
    if (!this.listening) return compute();
    const now = Date.now();
    const kept = this.answers.get(key);
    if (kept && kept.expiresAt > now) {
      // Most recently used last: the oldest-used answers are the first to go.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return kept.value as Promise<T>;
    }
    const answer: Answer = { value: compute(), expiresAt: now + MAX_AGE_MS };
    this.answers.set(key, answer);
    answer.value.catch(() => {
      if (this.answers.get(key) === answer) this.answers.delete(key);
    });
    while (this.answers.size > this.settings.RESOURCES_CACHE_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    return answer.value as Promise<T>;
  }

  /**
   * After a post write commits: forget here at once, and tell every other process. The write's
   * answer does not wait for the announcement (while Redis is away it could wait a second).
   */
  changed(): void {
    this.answers.clear();
    this.queues
      .connectedRedis(1000)
      .then((redis) => redis.publish(this.channel, '1'))
      .catch((error) => this.logger.warn(`Could not announce a resources change (other replicas show it within ${MAX_AGE_MS / 1000} s): ${String(error)}`));
  }

  /** Subscribes on first use (a process that never reads the public blog never subscribes). */
  private listen(): void {
    if (this.subscriber) return;
    // Subscribed by hand after every (re)connect, so the cache is used only once the subscription holds.
    const subscriber = new IORedis(this.config.REDIS_URL, { ...workerConnectionOptions(), autoResubscribe: false });
    this.subscriber = subscriber;
    subscriber.on('error', () => undefined);
    subscriber.on('message', () => this.answers.clear());
    subscriber.on('ready', () => {
      subscriber
        .subscribe(this.channel)
        .then(() => {
          // What was announced while unsubscribed is unknown: start empty.
          this.answers.clear();
          this.listening = true;
        })
        .catch(() => undefined);
    });
    subscriber.on('close', () => {
      this.listening = false;
      this.answers.clear();
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.listening = false;
    this.subscriber?.disconnect();
  }
}
