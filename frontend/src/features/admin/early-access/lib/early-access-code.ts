// Early access codes (spec §5 "Early access code create", §9 "Early access code"):
// 6 characters from an alphabet without the look-alikes I, O, 0 and 1.

export const EARLY_ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const EARLY_ACCESS_CODE_LENGTH = 6;

/** A random code; uses crypto.getRandomValues without modulo bias. */
export function generateEarlyAccessCode(length = EARLY_ACCESS_CODE_LENGTH): string {
  const alphabet = EARLY_ACCESS_CODE_ALPHABET;
  // The largest multiple of the alphabet size that fits in a byte: bytes above it are redrawn.
  const limit = 256 - (256 % alphabet.length);
  let code = '';
  while (code.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      code += alphabet[byte % alphabet.length];
      if (code.length === length) break;
    }
  }
  return code;
}
