import * as MailChecker from 'mailchecker';
import { normaliseEmail } from '@swishly/platform';

export { normaliseEmail };

/** The mailbox behind an address: `+tags` removed, so `ann+x@a.fi` is `ann@a.fi`. */
export function canonicalMailbox(email: string): string {
  const [local, domain] = normaliseEmail(email).split('@');
  return `${local.split('+')[0]}@${domain}`;
}

/** Whether the address is at a disposable (throwaway) mail domain, by the maintained list of the `mailchecker` package. */
export function isDisposableEmail(email: string): boolean {
  const domain = normaliseEmail(email).split('@').pop() ?? '';
  const list = MailChecker.blacklist();
  // A subdomain of a listed domain counts too (mailchecker's own rule).
  const parts = domain.split('.');
  return parts.some((_, i) => list.has(parts.slice(i).join('.')));
}
