import { clsx } from 'clsx';
import { useState } from 'react';
import { brandName } from '@/lib/brand';
import { useTheme } from '@/lib/theme';

const LOGO_BY_THEME = {
  dark: '/brand/logo-for-dark-theme.svg',
  light: '/brand/logo-for-light-theme.svg',
} as const;

export const FALLBACK_LOGO = '/brand/logo-fallback.svg';

/** md: the header and drawer (128x32); lg: the download page (192x48). */
const SIZES = {
  md: { width: 128, height: 32, logo: 'h-8 w-32', mark: 'size-8', name: 'text-xl', gap: 'gap-2' },
  lg: { width: 192, height: 48, logo: 'h-12 w-48', mark: 'size-12', name: 'text-3xl', gap: 'gap-3' },
} as const;

/**
 * The brand logo for the current theme (a 4:1 wordmark). If it cannot be loaded, the local
 * fallback mark is shown with the brand name beside it.
 */
export function BrandLogo({ className, size = 'md', testId }: { className?: string; size?: keyof typeof SIZES; testId?: string }) {
  const { theme } = useTheme();
  const src = LOGO_BY_THEME[theme];
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [fallbackFailed, setFallbackFailed] = useState(false);
  const dimensions = SIZES[size];

  if (failedSrc === src) {
    return (
      <span className={clsx('inline-flex items-center', dimensions.gap, className)} data-testid={testId}>
        {fallbackFailed ? null : (
          <img
            src={FALLBACK_LOGO}
            alt=""
            width={dimensions.height}
            height={dimensions.height}
            className={dimensions.mark}
            onError={() => setFallbackFailed(true)}
          />
        )}
        <span className={clsx('font-display font-extrabold tracking-tight text-foreground', dimensions.name)}>{brandName}</span>
      </span>
    );
  }

  return (
    <img
      key={src}
      src={src}
      alt={brandName}
      width={dimensions.width}
      height={dimensions.height}
      className={clsx(dimensions.logo, className)}
      data-testid={testId}
      onError={() => setFailedSrc(src)}
    />
  );
}
