import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tokens of the form `<id>.<HMAC(secret, "purpose:id")>` (base64url): nothing to store, nothing
 * to guess for someone else's id, and a token signed for one purpose never stands in for another.
 * `signatureLength` shortens the signature (links that must stay short).
 */
export class SignedIds {
  constructor(
    private readonly secret: string,
    private readonly purpose: string,
    private readonly idPattern: RegExp,
    private readonly signatureLength?: number,
  ) {}

  token(id: string): string {
    return `${id}.${this.signature(id)}`;
  }

  /** The id a genuine token carries, or null (not ours, altered, or not of this purpose). */
  verify(token: unknown): string | null {
    const [id, signature, extra] = String(token).split('.');
    if (!id || !signature || extra !== undefined || !this.idPattern.test(id)) return null;
    const expected = Buffer.from(this.signature(id));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
  }

  private signature(id: string): string {
    const digest = createHmac('sha256', this.secret).update(`${this.purpose}:${id}`).digest('base64url');
    return this.signatureLength ? digest.slice(0, this.signatureLength) : digest;
  }
}
