import { clsx } from 'clsx';
import { Moon, Sun } from 'lucide-react';
import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import { useTheme } from '@/lib/theme';

/** Icon button switching between the dark and light theme (pressed = dark theme on). */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <LazyTooltip label="Dark theme">
      <button
        type="button"
        onClick={toggleTheme}
        aria-label="Dark theme"
        aria-pressed={dark}
        className={clsx('inline-flex size-10 items-center justify-center rounded-full text-foreground transition-colors hover:bg-surface', className)}
      >
        {dark ? <Sun className="size-5" aria-hidden="true" /> : <Moon className="size-5" aria-hidden="true" />}
      </button>
    </LazyTooltip>
  );
}
