import { clsx } from 'clsx';
import { useState } from 'react';
import { brandName } from '@/lib/brand';
import { useTheme } from '@/lib/theme';

const LOGO_BY_THEME = {
  dark: '/brand/logo-for-dark-theme.svg',
  light: '/brand/logo-for-light-theme.svg',
} as const;

export const FALLBACK_LOGO = '/brand/logo-fallback.svg';

/**
 * The brand logo for the current theme (160x40 wordmark). If it cannot be loaded, the local
 * fallback mark is shown with the brand name beside it.
 */
export function BrandLogo({ className }: { className?: string }) {
  const { theme } = useTheme();
  const src = LOGO_BY_THEME[theme];
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [fallbackFailed, setFallbackFailed] = useState(false);

  if (failedSrc === src) {
    return (
      <span className={clsx('inline-flex h-8 items-center gap-2', className)}>
        {fallbackFailed ? null : (
          <img
            src={FALLBACK_LOGO}
            alt=""
            width={32}
            height={32}
            className="size-8"
            onError={() => setFallbackFailed(true)}
          />
        )}
        <span className="font-display text-xl font-extrabold tracking-tight text-foreground">{brandName}</span>
      </span>
    );
  }

  return (
    <img
      key={src}
      src={src}
      alt={brandName}
      width={128}
      height={32}
      className={clsx('h-8 w-32', className)}
      onError={() => setFailedSrc(src)}
    />
  );
}
