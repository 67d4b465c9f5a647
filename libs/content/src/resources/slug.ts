/** Longest slug we make (the column holds 200). */
export const SLUG_MAX_LENGTH = 120;

/**
 * Spec §5: lower case, non-alphanumeric characters removed, whitespace runs become hyphens.
 * Accents are folded first ('Café' → 'cafe'); hyphens typed by hand are kept, never doubled.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/**
 * The spec's generate_unique_blog_slug: the title's slug, or with the lowest '-N' (N ≥ 1) that
 * no post has. `taken` holds the slugs that start with the base.
 */
export function uniqueSlug(title: string, taken: Iterable<string>): string {
  const base = slugify(title) || 'resource';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 1; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
