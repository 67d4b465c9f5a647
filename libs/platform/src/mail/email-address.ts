/** An address as we compare it (uniqueness, sign-in, rate-limit keys): trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
