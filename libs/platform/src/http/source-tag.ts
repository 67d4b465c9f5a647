/**
 * Source tags (where a download button or link sits: homepage-hero, a creator's code in
 * /download/CODE): 1 to 64 characters, lower-case letters a-z, digits, '-' and '_', starting with
 * a letter or a digit. A tag is normalised before it is checked or stored: trimmed and in lower
 * case, so HOOPS25 and hoops25 are one source. Anything else (accents, spaces, other symbols) is
 * refused (400), never guessed at.
 */
export const SOURCE_TAG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The rule as the API documents it and its 400 names it. */
export const SOURCE_TAG_RULE = 'source_tag must be 1-64 characters: letters a-z, digits, - or _ (starting with a letter or digit); it is stored in lower case';

/** A tag as it is stored and counted: trimmed, in lower case (ASCII only, so the rule still refuses é). */
export function normaliseSourceTag(tag: string): string {
  return tag.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** For `@Transform`: a source tag arrives normalised (other values pass through to the validators). */
export const sourceTagTransform = ({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseSourceTag(value) : value);
