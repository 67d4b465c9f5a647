import { Inject, Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, SettingsOf } from '@swishly/platform';
import { generateSecret, generateURI, verify } from 'otplib';
import { toString as qrCodeSvg } from 'qrcode';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  adminUserStream,
  asStaffMember,
  AdminRecoveryCodesRegenerated,
  AdminRecoveryCodeUsed,
  AdminSecondFactorDisabled,
  AdminSecondFactorEnabled,
  AdminSecondFactorFailed,
  AdminSecuritySettingsChanged,
} from './admin-auth.events';
import { AdminUser } from './entities/admin-user.entity';
import { sha256Hex } from './reset-tokens';
import { PasskeysRepository } from './passkeys.repository';
import { SecondFactorSecrets } from './second-factor-secrets';
import { PendingSignIn, PendingSignInPurpose, SecondFactorsRepository } from './second-factors.repository';
import { ClientInfo, SignInLimitsService } from './sign-in-limits.service';
import { AdminSettings } from '../admin.settings';

const ISSUER = 'Swishly';
const RECOVERY_CODE_COUNT = 10;
/** A code from the app is accepted one time-step (30 s) either side of now: phones' clocks drift. */
const TOTP_TOLERANCE_SECONDS = 30;

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  qrCodeSvg: string;
}

export interface IssuedPendingSignIn {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** What a code given for the second step turned out to be. */
export type SpentCode = 'totp' | 'recovery-code';

/** Ten characters from an alphabet without look-alikes (no 0/o, 1/l/i), shown as two groups of five. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A code as typed: spaces and dashes dropped, lower case. */
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
const recoveryCodeHash = (code: string) => sha256Hex(`admin-recovery-code:${normaliseCode(code)}`);

/**
 * A staff account's second factor: an authenticator app (TOTP, RFC 6238) and ten recovery codes,
 * sign-ins waiting for their second step, and whether every account must have a factor.
 */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly events: EventStore,
    private readonly factors: SecondFactorsRepository,
    private readonly passkeys: PasskeysRepository,
    private readonly secrets: SecondFactorSecrets,
    private readonly limits: SignInLimitsService,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  /** A second factor is on when the account has a confirmed authenticator app or a passkey. */
  async isOn(userId: string): Promise<boolean> {
    return (await this.authenticatorAppOn(userId)) || (await this.passkeys.count(userId)) > 0;
  }

  async authenticatorAppOn(userId: string): Promise<boolean> {
    return (await this.factors.find(userId))?.confirmedAt != null;
  }

  async status(userId: string): Promise<{ enabled: boolean; authenticatorApp: boolean; passkeys: number; recoveryCodesLeft: number; required: boolean }> {
    const [authenticatorApp, passkeys] = await Promise.all([this.authenticatorAppOn(userId), this.passkeys.count(userId)]);
    const enabled = authenticatorApp || passkeys > 0;
    return {
      enabled,
      authenticatorApp,
      passkeys,
      recoveryCodesLeft: enabled ? await this.factors.recoveryCodesLeft(userId) : 0,
      required: await this.factors.requireSecondFactor(),
    };
  }

  /** A new secret for the account's authenticator app (replacing one never confirmed); 409 when a factor is on. */
  async startTotpSetup(user: AdminUser): Promise<TotpSetup> {
    const secret = generateSecret();
    if (!(await this.factors.startSetup(user.id, this.secrets.encrypt(secret)))) {
      throw apiError(409, 'Two-step sign-in is already on for this account.', 'second_factor_on');
    }
    const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
    return { secret, otpauthUrl, qrCodeSvg: await qrCodeSvg(otpauthUrl, { type: 'svg', margin: 2 }) };
  }

  /** The first code from the app turns the app on; answers ten recovery codes (shown once) when it is the account's first factor. */
  async confirmTotp(user: AdminUser, code: string, client: ClientInfo, meta: EventMetadata): Promise<string[]> {
    const attempt = this.limits.attempt(user.email, client);
    await attempt.checkLimits();
    const factor = await this.factors.find(user.id);
    if (!factor) throw apiError(409, 'Start the set-up again: no authenticator is waiting for a code.', 'no_setup');
    if (factor.confirmedAt) throw apiError(409, 'Two-step sign-in is already on for this account.', 'second_factor_on');
    const timeStep = await this.totpTimeStep(factor.secretEncrypted, factor.lastTimeStep, code);
    // The app is not on (checked above): it is the first factor unless a passkey is.
    const firstFactor = (await this.passkeys.count(user.id)) === 0;
    const confirmed = await this.events.transaction(async (tx) => {
      if (timeStep === null || !(await this.factors.spendTimeStep(user.id, timeStep, true, tx.manager))) return null;
      const codes = firstFactor ? await this.newRecoveryCodes(user.id, tx.manager) : [];
      await tx.append(adminUserStream(user.id), 'any', [AdminSecondFactorEnabled({ userId: user.id })], asStaffMember(meta, user.id));
      return { codes };
    });
    if (!confirmed) return this.refuseCode(user.id, attempt, meta);
    await attempt.succeeded();
    return confirmed.codes;
  }

  /**
   * A code from the app, or an unused recovery code (spent now), with the sign-in limits: a wrong
   * one counts as a failed password, and is refused with 401.
   */
  async spendCode(user: AdminUser, code: string, client: ClientInfo, meta: EventMetadata): Promise<SpentCode> {
    const attempt = this.limits.attempt(user.email, client);
    await attempt.checkLimits();
    const spent = await this.trySpendCode(user.id, code, meta);
    if (!spent) return this.refuseCode(user.id, attempt, meta);
    await attempt.succeeded();
    return spent;
  }

  /** Turning the factor off takes a code: a stolen session without the phone (or a recovery code) can't. */
  async turnOff(user: AdminUser, code: string, client: ClientInfo, meta: EventMetadata): Promise<void> {
    if (!(await this.authenticatorAppOn(user.id))) throw apiError(409, 'The authenticator app is not on for this account.', 'second_factor_off');
    const passkeysLeft = await this.passkeys.count(user.id);
    if (passkeysLeft === 0) await this.assertMayGoWithoutFactor();
    await this.spendCode(user, code, client, meta);
    await this.events.transaction(async (tx) => {
      await this.factors.removeAuthenticatorApp(user.id, tx.manager);
      // Recovery codes stand in for the factors: they go when the last one does.
      if (passkeysLeft === 0) await this.factors.removeRecoveryCodes(user.id, tx.manager);
      await tx.append(adminUserStream(user.id), 'any', [AdminSecondFactorDisabled({ userId: user.id })], asStaffMember(meta, user.id));
    });
  }

  /** 409 while every account must have a factor: the last one can't be taken away. */
  async assertMayGoWithoutFactor(): Promise<void> {
    if (await this.factors.requireSecondFactor()) {
      throw apiError(409, 'Two-step sign-in is required for every account here, so its last factor cannot be removed.', 'second_factor_required');
    }
  }

  removeRecoveryCodes(userId: string, db: EntityManager): Promise<void> {
    return this.factors.removeRecoveryCodes(userId, db);
  }

  /** Ten recovery codes for an account's first factor (a passkey added with no app on). */
  firstRecoveryCodes(userId: string, db: EntityManager): Promise<string[]> {
    return this.newRecoveryCodes(userId, db);
  }

  /** A passkey's sign-in refused: counted as a failed password, like a wrong code. */
  refusePasskey(userId: string, attempt: { failed(): Promise<void> }, meta: EventMetadata): Promise<never> {
    return this.refuseCode(userId, attempt, meta, 'That passkey did not sign you in. Try again, or use a code.');
  }

  /** Ten new recovery codes (the old ones stop working), for a code from the app or a recovery code. */
  async regenerateRecoveryCodes(user: AdminUser, code: string, client: ClientInfo, meta: EventMetadata): Promise<string[]> {
    if (!(await this.isOn(user.id))) throw apiError(409, 'Two-step sign-in is not on for this account.', 'second_factor_off');
    await this.spendCode(user, code, client, meta);
    return this.events.transaction(async (tx) => {
      const codes = await this.newRecoveryCodes(user.id, tx.manager);
      await tx.append(adminUserStream(user.id), 'any', [AdminRecoveryCodesRegenerated({ userId: user.id })], asStaffMember(meta, user.id));
      return codes;
    });
  }

  async requireSecondFactor(): Promise<boolean> {
    return this.factors.requireSecondFactor();
  }

  async setRequireSecondFactor(value: boolean, userId: string, meta: EventMetadata): Promise<void> {
    await this.events.transaction(async (tx) => {
      await this.factors.setRequireSecondFactor(value, userId, tx.manager);
      await tx.append(adminUserStream(userId), 'any', [AdminSecuritySettingsChanged({ userId, requireSecondFactor: value })], asStaffMember(meta, userId));
    });
  }

  /** A sign-in whose password was right, waiting (a few minutes) for its second step or the factor's set-up. */
  async startPendingSignIn(userId: string, purpose: PendingSignInPurpose): Promise<IssuedPendingSignIn> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.settings.ADMIN_MFA_PENDING_MINUTES * 60_000);
    await this.factors.insertPendingSignIn({ id: randomUUID(), userId, tokenHash: sha256Hex(token), csrfToken, purpose, expiresAt });
    return { token, csrfToken, expiresAt };
  }

  /** The live pending sign-in for a cookie value, if any. */
  async findPendingSignIn(token: string | undefined): Promise<PendingSignIn | null> {
    if (!token || token.length > 100) return null;
    return this.factors.findPendingSignIn(sha256Hex(token));
  }

  /** Spends the pending sign-in; 401 when another request spent it first or it has just expired. */
  async claimPendingSignIn(pending: PendingSignIn): Promise<void> {
    if (!(await this.factors.claimPendingSignIn(pending.id))) throw pendingSignInEnded();
  }

  private async trySpendCode(userId: string, code: string, meta: EventMetadata): Promise<SpentCode | null> {
    const factor = await this.factors.find(userId);
    if (/^\d{6}$/.test(normaliseCode(code))) {
      if (!factor?.confirmedAt) return null;
      const timeStep = await this.totpTimeStep(factor.secretEncrypted, factor.lastTimeStep, normaliseCode(code));
      return timeStep !== null && (await this.factors.spendTimeStep(userId, timeStep, false)) ? 'totp' : null;
    }
    return this.events.transaction(async (tx) => {
      const recoveryCodeId = await this.factors.claimRecoveryCode(userId, recoveryCodeHash(code), tx.manager);
      if (!recoveryCodeId) return null;
      await tx.append(adminUserStream(userId), 'any', [AdminRecoveryCodeUsed({ userId, recoveryCodeId })], asStaffMember(meta, userId));
      return 'recovery-code' as const;
    });
  }

  /** The time-step of a valid code from the app later than the last one spent, or null. */
  private async totpTimeStep(secretEncrypted: string, lastTimeStep: number | null, code: string): Promise<number | null> {
    const token = normaliseCode(code);
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({
      secret: this.secrets.decrypt(secretEncrypted),
      token,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(lastTimeStep !== null ? { afterTimeStep: lastTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async newRecoveryCodes(userId: string, db: EntityManager): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await this.factors.replaceRecoveryCodes(
      userId,
      codes.map((code) => ({ id: randomUUID(), codeHash: recoveryCodeHash(code) })),
      db,
    );
    return codes;
  }

  private async refuseCode(
    userId: string,
    attempt: { failed(): Promise<void> },
    meta: EventMetadata,
    message = 'That code is not right. Check it and try again.',
  ): Promise<never> {
    await attempt.failed();
    await this.events.append(adminUserStream(userId), 'any', [AdminSecondFactorFailed({ userId })], asStaffMember(meta, userId));
    throw apiError(401, message, 'invalid_code');
  }
}

export const pendingSignInEnded = () => apiError(401, 'Your sign-in has expired. Please sign in again.', 'sign_in_expired');
