import { normaliseEmail } from '@swishly/platform';

export { normaliseEmail };

/** The mailbox behind an address: `+tags` removed, so `ann+x@a.fi` is `ann@a.fi`. */
export function canonicalMailbox(email: string): string {
  const [local, domain] = normaliseEmail(email).split('@');
  return `${local.split('+')[0]}@${domain}`;
}
