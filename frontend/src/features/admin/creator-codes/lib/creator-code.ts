// Creator codes (spec §3 "Creator code", §5 "Creator code", §9 "Creator code", "Platforms").

export const CREATOR_PLATFORMS = ['Instagram', 'TikTok', 'YouTube', 'Podcast', 'Other'] as const;
export type CreatorPlatform = (typeof CREATOR_PLATFORMS)[number];

export const CREATOR_STATUSES = ['active', 'inactive'] as const;
export type CreatorStatus = (typeof CREATOR_STATUSES)[number];

export const DEFAULT_CREATOR_PLATFORM: CreatorPlatform = 'Instagram';

/** Suffix of every suggested creator code. */
export const CREATOR_CODE_SUFFIX = '25';
/** The longest prefix taken from the influencer's name. */
export const CREATOR_CODE_PREFIX_MAX = 6;

export function isCreatorPlatform(value: unknown): value is CreatorPlatform {
  return typeof value === 'string' && (CREATOR_PLATFORMS as readonly string[]).includes(value);
}

/** The letters A–Z of a name, upper case; accents are dropped first (é -> E), anything else goes. */
export function creatorCodeLetters(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

/**
 * The promo code suggested from an influencer's name while the code field is empty (spec §5):
 * the letters only, in upper case; with at least 3 letters the first 6 of them plus '25',
 * otherwise all the letters plus '25'. An empty name suggests nothing ('').
 *
 *   suggestCreatorCode('Jordan Smith') === 'JORDAN25'
 *   suggestCreatorCode('Zoë')          === 'ZOE25'
 *   suggestCreatorCode('Al')           === 'AL25'
 */
export function suggestCreatorCode(name: string): string {
  if (!name.trim()) return '';
  const letters = creatorCodeLetters(name);
  const prefix = letters.length >= 3 ? letters.slice(0, CREATOR_CODE_PREFIX_MAX) : letters;
  return `${prefix}${CREATOR_CODE_SUFFIX}`;
}

/** An optional text field: trimmed, and null when empty (spec §5). */
export function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}
