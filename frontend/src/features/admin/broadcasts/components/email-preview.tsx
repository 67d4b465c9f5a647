import { clsx } from 'clsx';
import { useState } from 'react';

const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;

/**
 * The email as a mail client shows it, in a light or a dark client, whatever the admin's own
 * theme: the dark one applies the email's own dark-mode styles (its prefers-color-scheme: dark
 * rules) as a client in dark mode does, the light one never. The frame's own color-scheme is the
 * chosen theme's: left to inherit the dark admin's, a light preview drew text without a colour of
 * its own (the subject) white on the email's white. Sandboxed: nothing in it runs.
 */
export function EmailPreview({ html, title }: { html: string; title: string }) {
  const [theme, setTheme] = useState<(typeof THEMES)[number]['value']>('light');
  return (
    <div>
      <div role="radiogroup" aria-label="Preview theme" className="mb-3 inline-flex rounded-lg border border-border p-0.5">
        {THEMES.map((t) => (
          <button
            key={t.value}
            type="button"
            role="radio"
            aria-checked={theme === t.value}
            onClick={() => setTheme(t.value)}
            className={clsx(
              'rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
              theme === t.value ? 'bg-brand-solid text-white' : 'text-muted hover:text-foreground',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <iframe
        key={theme}
        title={`${title} (${theme} theme)`}
        srcDoc={html.replaceAll('@media (prefers-color-scheme: dark)', theme === 'dark' ? '@media all' : '@media not all')}
        sandbox=""
        style={{ colorScheme: theme }}
        className={clsx('h-[32rem] w-full rounded-xl border border-border', theme === 'dark' ? 'bg-[#0b0f17]' : 'bg-[#f4f5f7]')}
      />
    </div>
  );
}
