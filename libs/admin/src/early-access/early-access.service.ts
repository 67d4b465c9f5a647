import { Inject, Injectable } from '@nestjs/common';
import { addressKey, apiError, EventMetadata, EventStore, isUniqueViolation, RateLimiter, SettingsOf } from '@swishly/platform';
import { randomInt, randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { CreateEarlyAccessCodeDto, EarlyAccessCodeDto, EarlyAccessRedemptionDto, EarlyAccessSettingsResponseDto } from './dto/early-access.dto';
import { EarlyAccessCode } from './entities/early-access-code.entity';
import {
  EARLY_ACCESS_CODE_STREAM,
  EARLY_ACCESS_SETTINGS_STREAM,
  EarlyAccessCodeCreated,
  EarlyAccessCodeDeleted,
  EarlyAccessCodeRedeemed,
  EarlyAccessStateChanged,
} from './early-access.events';
import { EarlyAccessRepository } from './early-access.repository';
import { AdminSettings } from '../admin.settings';

/** Spec §5 and §9: 6 characters from this alphabet (no I, O, 0 or 1, which read alike). */
export const EARLY_ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const stream = (codeId: string) => ({ streamType: EARLY_ACCESS_CODE_STREAM, streamId: codeId });

const toDto = (row: EarlyAccessCode): EarlyAccessCodeDto => ({
  id: row.id,
  code: row.code,
  firstName: row.firstName,
  email: row.email,
  isUsed: row.isUsed,
  createdAt: row.createdAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
});

/** Early-access codes for the app and the open/closed switch. */
@Injectable()
export class EarlyAccessService {
  constructor(
    private readonly events: EventStore,
    private readonly repository: EarlyAccessRepository,
    private readonly limiter: RateLimiter,
    @Inject(AdminSettings.token) private readonly limits: SettingsOf<typeof AdminSettings>,
  ) {}

  /** Early access starts open, so an event booth issues codes until an admin closes it. */
  async settings(): Promise<EarlyAccessSettingsResponseDto> {
    const row = await this.repository.settings();
    return { isOpen: row?.isOpen ?? true, updatedAt: row?.updatedAt?.toISOString() ?? null };
  }

  /** For the event flow: while closed, no new codes are handed out. */
  async isOpen(): Promise<boolean> {
    return (await this.settings()).isOpen;
  }

  async setOpen(isOpen: boolean, meta: EventMetadata): Promise<EarlyAccessSettingsResponseDto> {
    await this.events.append(EARLY_ACCESS_SETTINGS_STREAM, 'any', [EarlyAccessStateChanged({ isOpen, adminName: 'Admin' })], meta);
    return this.settings();
  }

  async list(): Promise<EarlyAccessCodeDto[]> {
    return (await this.repository.list()).map(toDto);
  }

  async create(request: CreateEarlyAccessCodeDto, meta: EventMetadata): Promise<EarlyAccessCodeDto> {
    const codeId = randomUUID();
    const code = request.code.toUpperCase();
    try {
      await this.events.append(stream(codeId), 0, [EarlyAccessCodeCreated({ codeId, code, firstName: request.firstName, email: request.email })], meta);
    } catch (error) {
      if (isUniqueViolation(error, '_code_key')) throw apiError(409, 'That code already exists.', 'code_taken');
      throw error;
    }
    return toDto(await this.repository.getById(codeId));
  }

  /**
   * An early-access code for one person, chosen here (the booth gives one to each player who
   * claims their shot while early access is open): 8 characters from a secure source.
   */
  async issueFor(firstName: string, email: string, meta: EventMetadata): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const code = newCode();
      try {
        const codeId = randomUUID();
        await this.events.append(stream(codeId), 0, [EarlyAccessCodeCreated({ codeId, code, firstName, email })], meta);
        return code;
      } catch (error) {
        if (!isUniqueViolation(error, '_code_key') || attempt >= 3) throw error;
      }
    }
  }

  /** A new code of their own for someone, in a transaction someone else owns (an admission's invite job): its id. */
  /**
   * The person's own code: one already made out to their address and not yet used (an admission's,
   * or an earlier reward's), else a new one. Nobody holds two unused codes for one reason or another.
   */
  async ownCodeWithin(manager: EntityManager, firstName: string, email: string, meta: EventMetadata): Promise<{ codeId: string; code: string }> {
    const held = await EarlyAccessRepository.unusedFor(email, manager);
    return held ? { codeId: held.id, code: held.code } : this.issueWithin(manager, firstName, email, meta);
  }

  async issueWithin(manager: EntityManager, firstName: string, email: string, meta: EventMetadata): Promise<{ codeId: string; code: string }> {
    // A taken code fails the unique index and the whole job is retried with new codes (rare: 32^8 codes).
    const code = newCode();
    const codeId = randomUUID();
    await this.events.within(manager).append(stream(codeId), 0, [EarlyAccessCodeCreated({ codeId, code, firstName, email })], meta);
    return { codeId, code };
  }

  /** A used code stays: the stream's history decides, at the version read, so a redemption can't slip in between. */
  async delete(codeId: string, meta: EventMetadata): Promise<void> {
    await this.events.transaction(async (tx) => {
      const history = await tx.readStream(stream(codeId));
      const created = history.find((e) => EarlyAccessCodeCreated.is(e));
      if (!created || history.some((e) => EarlyAccessCodeDeleted.is(e))) throw apiError(404, 'Early access code not found.', 'not_found');
      if (history.some((e) => EarlyAccessCodeRedeemed.is(e))) throw apiError(409, 'A used code cannot be deleted.', 'code_used');
      await tx.append(stream(codeId), history.length, [EarlyAccessCodeDeleted({ codeId, code: (created.payload as { code: string }).code })], meta);
    });
  }

  /**
   * The app redeems a code once: 404 unknown, 409 already used, 403 while early access is closed.
   * Six characters from 32 symbols can be guessed at scale, so attempts are limited per address
   * and wrong guesses per address and across all addresses (those limits hold without Redis too).
   */
  async redeem(code: string, ip: string, meta: EventMetadata): Promise<EarlyAccessRedemptionDto> {
    await this.limitGuesses(ip);
    if (!(await this.isOpen())) {
      throw apiError(403, 'Early access is closed right now. Please try again later.', 'early_access_closed');
    }
    const row = await this.repository.findByCode(code.trim().toUpperCase());
    if (!row) return this.wrongGuess(ip);
    await this.events.transaction(async (tx) => {
      const history = await tx.readStream(stream(row.id));
      if (history.some((e) => EarlyAccessCodeDeleted.is(e))) return this.wrongGuess(ip);
      if (history.some((e) => EarlyAccessCodeRedeemed.is(e))) throw apiError(409, 'This early access code has already been used.', 'code_used');
      await tx.append(stream(row.id), history.length, [EarlyAccessCodeRedeemed({ codeId: row.id, code: row.code })], meta);
    });
    const redeemed = await this.repository.getById(row.id);
    return { code: redeemed.code, redeemed: true, usedAt: (redeemed.usedAt ?? new Date()).toISOString() };
  }

  private async limitGuesses(ip: string): Promise<void> {
    const tooMany = () => apiError(429, 'Too many attempts. Please wait a minute and try again.', 'rate_limited');
    if (!(await this.limiter.hit(`early-access-redeem:${addressKey(ip)}`, this.limits.EARLY_ACCESS_REDEEM_RATE_LIMIT_PER_MINUTE, 60, 'in-process')))
      throw tooMany();
    const [fromHere, fromAll] = await Promise.all([
      this.limiter.count(`early-access-redeem:wrong:${addressKey(ip)}`, 'in-process'),
      this.limiter.count('early-access-redeem:wrong:all', 'in-process'),
    ]);
    if (fromHere >= this.limits.EARLY_ACCESS_REDEEM_MAX_FAILURES_PER_IP_PER_HOUR || fromAll >= this.limits.EARLY_ACCESS_REDEEM_MAX_FAILURES_PER_HOUR) {
      throw tooMany();
    }
  }

  private async wrongGuess(ip: string): Promise<never> {
    await Promise.all([
      this.limiter.increment(`early-access-redeem:wrong:${addressKey(ip)}`, 3600, 'in-process'),
      this.limiter.increment('early-access-redeem:wrong:all', 3600, 'in-process'),
    ]);
    throw apiError(404, 'This early access code does not exist.', 'not_found');
  }
}

/** A random early-access code: 8 characters of EARLY_ACCESS_CODE_ALPHABET. */
function newCode(): string {
  return Array.from({ length: 8 }, () => EARLY_ACCESS_CODE_ALPHABET[randomInt(EARLY_ACCESS_CODE_ALPHABET.length)]).join('');
}
