import { EventMetadata } from '@swishly/platform';

/**
 * What the booth needs from early access: whether it is open, and a code of their own for a
 * player. The admin module, which owns early-access codes, provides it (a public module never
 * imports the back office; the back office plugs into the public modules).
 */
export interface EarlyAccessGrants {
  isOpen(): Promise<boolean>;
  issueFor(firstName: string, email: string, meta: EventMetadata): Promise<string>;
}

export const EARLY_ACCESS_GRANTS = Symbol('EarlyAccessGrants');
