import { Inject, Injectable } from '@nestjs/common';
import { apiError, APP_CONFIG, AppConfig, EventMetadata, EventStore, SettingsOf } from '@swishly/platform';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AdminSettings } from '../admin.settings';
import { adminUserStream, asStaffMember, AdminPasskeyAdded, AdminPasskeyRemoved } from './admin-auth.events';
import { AdminUser } from './entities/admin-user.entity';
import { PasskeysRepository, StoredPasskey } from './passkeys.repository';
import { SecondFactorService } from './second-factor.service';
import { ClientInfo, SignInLimitsService } from './sign-in-limits.service';

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const view = (passkey: StoredPasskey): PasskeyView => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: passkey.createdAt.toISOString(),
  lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server) as a staff account's second factor: added
 * while signed in, used for a sign-in's second step. The relying party is the site itself
 * (PASSKEY_ORIGIN's host and origin, PUBLIC_URL's unless set). A ceremony's challenge is kept for ADMIN_MFA_PENDING_MINUTES
 * and spent once.
 */
@Injectable()
export class PasskeysService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    private readonly events: EventStore,
    private readonly passkeys: PasskeysRepository,
    private readonly secondFactor: SecondFactorService,
    private readonly limits: SignInLimitsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {
    const url = new URL(settings.PASSKEY_ORIGIN ?? config.PUBLIC_URL);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: string): Promise<PasskeyView[]> {
    return (await this.passkeys.forUser(userId)).map(view);
  }

  async registrationOptions(user: AdminUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.passkeys.forUser(user.id);
    const options = await generateRegistrationOptions({
      rpName: `${this.config.BRAND_NAME} admin`,
      rpID: this.rpID,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    await this.passkeys.saveChallenge(user.id, 'register', options.challenge, this.challengeExpiry());
    return options;
  }

  /** Verifies the browser's new credential and keeps it; the account's first factor also gets its ten recovery codes. */
  async register(
    user: AdminUser,
    name: string,
    response: RegistrationResponseJSON,
    meta: EventMetadata,
  ): Promise<{ passkey: PasskeyView; recoveryCodes: string[] }> {
    const challenge = await this.passkeys.takeChallenge(user.id, 'register');
    if (!challenge) throw apiError(409, 'Adding the passkey took too long. Please try again.', 'no_ceremony');
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
    }).catch(() => ({ verified: false }) as const);
    if (!verification.verified) throw apiError(400, 'That passkey could not be verified. Please try again.', 'invalid_passkey');
    const { credential } = verification.registrationInfo;
    const firstFactor = !(await this.secondFactor.isOn(user.id));
    const passkey: StoredPasskey = {
      id: credential.id,
      userId: user.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: name.trim() || 'Passkey',
      createdAt: new Date(),
      lastUsedAt: null,
    };
    const recoveryCodes = await this.events.transaction(async (tx) => {
      await this.passkeys.insert(passkey, tx.manager);
      const codes = firstFactor ? await this.secondFactor.firstRecoveryCodes(user.id, tx.manager) : [];
      await tx.append(adminUserStream(user.id), 'any', [AdminPasskeyAdded({ userId: user.id, passkeyId: passkey.id })], asStaffMember(meta, user.id));
      return codes;
    });
    return { passkey: view(passkey), recoveryCodes };
  }

  /** Removes one of the account's passkeys (not its last factor while every account must have one). */
  async remove(user: AdminUser, passkeyId: string, meta: EventMetadata): Promise<void> {
    if (!(await this.passkeys.find(user.id, passkeyId))) throw apiError(404, 'No such passkey on your account.', 'not_found');
    const lastFactor = !(await this.secondFactor.authenticatorAppOn(user.id)) && (await this.passkeys.count(user.id)) === 1;
    if (lastFactor) await this.secondFactor.assertMayGoWithoutFactor();
    await this.events.transaction(async (tx) => {
      if (!(await this.passkeys.remove(user.id, passkeyId, tx.manager))) return;
      if (lastFactor) await this.secondFactor.removeRecoveryCodes(user.id, tx.manager);
      await tx.append(adminUserStream(user.id), 'any', [AdminPasskeyRemoved({ userId: user.id, passkeyId })], asStaffMember(meta, user.id));
    });
  }

  /** The sign-in's second step by passkey: options naming the account's passkeys (409 when it has none). */
  async signInOptions(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkeys = await this.passkeys.forUser(userId);
    if (passkeys.length === 0) throw apiError(409, 'This account has no passkey. Use a code instead.', 'no_passkeys');
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      userVerification: 'preferred',
    });
    await this.passkeys.saveChallenge(userId, 'sign-in', options.challenge, this.challengeExpiry());
    return options;
  }

  /** Verifies the passkey's signature over the challenge (once), with the sign-in limits: a refusal counts as a failed password. */
  async verifySignIn(user: AdminUser, response: AuthenticationResponseJSON, client: ClientInfo, meta: EventMetadata): Promise<void> {
    const attempt = this.limits.attempt(user.email, client);
    await attempt.checkLimits();
    const [passkey, challenge] = await Promise.all([this.passkeys.find(user.id, String(response?.id ?? '')), this.passkeys.takeChallenge(user.id, 'sign-in')]);
    if (!passkey || !challenge) return this.secondFactor.refusePasskey(user.id, attempt, meta);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      credential: {
        id: passkey.id,
        publicKey: passkey.publicKey as Uint8Array<ArrayBuffer>,
        counter: passkey.counter,
        transports: passkey.transports as never,
      },
    }).catch(() => ({ verified: false, authenticationInfo: null }));
    if (!verification.verified || !verification.authenticationInfo) return this.secondFactor.refusePasskey(user.id, attempt, meta);
    if (!(await this.passkeys.recordUse(passkey.id, passkey.counter, verification.authenticationInfo.newCounter))) {
      return this.secondFactor.refusePasskey(user.id, attempt, meta);
    }
    await attempt.succeeded();
  }

  private challengeExpiry(): Date {
    return new Date(Date.now() + this.settings.ADMIN_MFA_PENDING_MINUTES * 60_000);
  }
}
