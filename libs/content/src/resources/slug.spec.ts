import { SLUG_MAX_LENGTH, slugify, uniqueSlug } from './slug';

describe('slugify (spec §5)', () => {
  it('lower-cases, drops non-alphanumerics and turns whitespace runs into hyphens', () => {
    expect(slugify('5 Drills  for a Faster Release!')).toBe('5-drills-for-a-faster-release');
    expect(slugify("  Coach's   Corner: Arc & Spin  ")).toBe('coachs-corner-arc-spin');
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('already-a-slug')).toBe('already-a-slug');
    expect(slugify('a - b -- c')).toBe('a-b-c');
    expect(slugify('!!!')).toBe('');
  });

  it('is at most SLUG_MAX_LENGTH characters and never ends with a hyphen', () => {
    const slug = slugify('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).not.toMatch(/-$/);
  });
});

describe('uniqueSlug (generate_unique_blog_slug)', () => {
  it('is the plain slug when free, else the lowest free -N', () => {
    expect(uniqueSlug('Free Throws', [])).toBe('free-throws');
    expect(uniqueSlug('Free Throws', ['free-throws'])).toBe('free-throws-1');
    expect(uniqueSlug('Free Throws', ['free-throws', 'free-throws-1', 'free-throws-3'])).toBe('free-throws-2');
  });

  it('names a title without letters "resource"', () => {
    expect(uniqueSlug('???', [])).toBe('resource');
    expect(uniqueSlug('???', ['resource'])).toBe('resource-1');
  });

  it('stays within the length limit with its suffix', () => {
    const base = slugify('x'.repeat(500));
    expect(uniqueSlug('x'.repeat(500), [base]).length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
  });
});
