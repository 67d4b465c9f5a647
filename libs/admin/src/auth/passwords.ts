import { apiError } from '@swishly/platform';
import * as argon2 from 'argon2';
import { isCommonPassword } from './common-passwords';

/** OWASP's argon2id parameters: 19 MiB of memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 6;
/** argon2 takes any length; a cap keeps a megabyte "password" from costing anything extra. */
export const MAX_PASSWORD_LENGTH = 200;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;
/**
 * Verifies against a throwaway hash, so signing in with an unknown email costs the same
 * argon2 work as a wrong password and the timing says nothing about which accounts exist.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoyHash, password);
}

/** Spec §5 rules (match, at least 6 characters) plus no well-known password. Throws a 400. */
export function checkNewPassword(password: string, confirmPassword: string): void {
  if (password !== confirmPassword) throw apiError(400, 'Passwords do not match', 'passwords_mismatch');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw apiError(400, 'Password must be at least 6 characters long', 'password_too_short');
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw apiError(400, `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`, 'password_too_long');
  }
  if (isCommonPassword(password)) {
    throw apiError(400, 'This password is too common. Please choose a less guessable one.', 'password_too_common');
  }
}
