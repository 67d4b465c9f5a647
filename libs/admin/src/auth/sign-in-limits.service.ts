import { Inject, Injectable } from '@nestjs/common';
import { addressKey, apiError, normaliseEmail, RateLimiter, SettingsOf } from '@swishly/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdminSettings } from '../admin.settings';

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** Past the per-account allowance each attempt on the account waits this long, doubling, up to 8 s. */
export function accountDelayMs(accountFailures: number, allowance: number): number {
  return accountFailures < allowance ? 0 : Math.min(250 * 2 ** (accountFailures - allowance), 8000);
}

export interface SignInAttempt {
  checkLimits(): Promise<void>;
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Failures count in Redis (so the limits hold across replicas, and in this process while Redis
 * is away): per address, and per account from one address, past either every attempt gets 429
 * until the window ends. Failures on the account from everywhere never refuse its owner: they
 * make each further attempt wait longer, which slows a guesser spread over many addresses.
 * Wrong passwords and wrong second-factor codes count together.
 */
@Injectable()
export class SignInLimitsService {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  attempt(email: string, client: ClientInfo): SignInAttempt {
    const { ADMIN_LOGIN_WINDOW_MINUTES: minutes, ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT: perAccount, ADMIN_LOGIN_MAX_FAILURES_PER_IP: perIp } = this.settings;
    const account = normaliseEmail(email);
    const ip = addressKey(client.ip);
    const keys = { account: `admin-login:account:${account}`, pair: `admin-login:account-ip:${account}:${ip}`, ip: `admin-login:ip:${ip}` };
    return {
      checkLimits: async () => {
        const [accountFailures, pairFailures, ipFailures] = await Promise.all([
          this.limiter.count(keys.account, 'in-process'),
          this.limiter.count(keys.pair, 'in-process'),
          this.limiter.count(keys.ip, 'in-process'),
        ]);
        if (pairFailures >= perAccount || ipFailures >= perIp) {
          throw apiError(429, `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`, 'rate_limited');
        }
        const delay = accountDelayMs(accountFailures, perAccount);
        if (delay > 0) await sleep(delay);
      },
      failed: async () => {
        await Promise.all(Object.values(keys).map((key) => this.limiter.increment(key, minutes * 60, 'in-process')));
      },
      succeeded: async () => {
        await Promise.all([this.limiter.clear(keys.account), this.limiter.clear(keys.pair)]);
      },
    };
  }
}
