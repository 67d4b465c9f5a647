/** The address as the list compares it: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The mailbox behind an address: `+tags` removed, so `ann+x@a.fi` is `ann@a.fi`. */
export function canonicalMailbox(email: string): string {
  const [local, domain] = normaliseEmail(email).split('@');
  return `${local.split('+')[0]}@${domain}`;
}
