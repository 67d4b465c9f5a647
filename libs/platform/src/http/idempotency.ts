import { createHash } from 'node:crypto';

/** An `Idempotency-Key` header as the services take it: trimmed, at most 200 characters, undefined when blank. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  return header?.trim().slice(0, 200) || undefined;
}

/**
 * A UUID that is a function of `text`: the same Idempotency-Key names the same admission or
 * broadcast, and a broadcast and a member name that member's one email of it.
 */
export function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
