// The product's brand name is configurable (BRAND_NAME on the server, default "Swishly").
// The server writes it into <meta name="application-name"> when it renders index.html; the
// client reads it from there so one build serves any brand.

export const DEFAULT_BRAND = 'Swishly';

function readBrand(): string {
  if (typeof document === 'undefined') return DEFAULT_BRAND;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]');
  const value = meta?.content?.trim();
  return value || DEFAULT_BRAND;
}

export const brandName: string = readBrand();

/** Replaces every "{product}" placeholder in copy with the brand name. */
export function withBrand(text: string): string {
  return text.replace(/\{product\}/g, () => brandName);
}
