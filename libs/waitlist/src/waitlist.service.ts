import { Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore } from '@swishly/platform';
import { randomInt, randomUUID } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { JoinWaitlistDto, JoinWaitlistResponseDto } from './dto/join-waitlist.dto';
import { WAITLIST_STREAM, WaitlistJoined, WaitlistSource } from './waitlist.events';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 8 characters from 32 symbols: 40 bits from a secure source, short enough to share. */
export function newReferralCode(): string {
  return Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
}

function uniqueViolation(error: unknown, constraintPart: string): boolean {
  const driverError = error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string; detail?: string }) : null;
  return driverError?.code === '23505' && `${driverError.constraint} ${driverError.detail}`.includes(constraintPart);
}

@Injectable()
export class WaitlistService {
  constructor(private readonly events: EventStore) {}

  async join(request: JoinWaitlistDto, meta: EventMetadata): Promise<JoinWaitlistResponseDto> {
    const source: WaitlistSource = request.hbf_code ? 'hbf' : request.shot_code ? 'shot' : 'landing';
    for (let attempt = 0; ; attempt++) {
      const entryId = randomUUID();
      const referralCode = newReferralCode();
      try {
        const signupNumber = await this.events.transaction(async (tx) => {
          // The counter row is locked until commit, so signup numbers follow commit order
          // and a rolled-back join (a duplicate email) leaves no gap.
          const [{ last_signup_number: next }] = await tx.manager.query(
            `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, 1)
             ON CONFLICT (id) DO UPDATE SET last_signup_number = waitlist_counter.last_signup_number + 1
             RETURNING last_signup_number`,
          );
          await tx.append({ streamType: WAITLIST_STREAM, streamId: entryId }, 0, [
            WaitlistJoined({
              entryId,
              signupNumber: next,
              firstName: request.first_name,
              email: request.email,
              role: request.role ?? null,
              referralCode,
              referredByCode: request.referrerCode ?? null,
              source,
            }),
          ], meta);
          return next as number;
        });
        // A newcomer is always last in line: referral credits only move earlier people up.
        return { id: entryId, waitlistPosition: signupNumber, referralCode };
      } catch (error) {
        if (uniqueViolation(error, 'email_normalized')) {
          throw apiError(409, 'This email is already on our waitlist.', 'email_already_registered');
        }
        if (uniqueViolation(error, 'referral_code') && attempt < 3) continue;
        throw error;
      }
    }
  }
}
