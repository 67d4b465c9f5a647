import { clsx } from 'clsx';
import { Link } from 'react-router-dom';

export type WaitlistView = 'members' | 'referrers';

export const WAITLIST_VIEWS: { view: WaitlistView; label: string }[] = [
  { view: 'members', label: 'Members' },
  { view: 'referrers', label: 'Top referrers' },
];

/**
 * The waitlist's two views, as links (the view is in the address: a reload, a shared link or
 * Back shows the same). The open one is marked as the current page.
 */
export function WaitlistViews({ current, hrefOf }: { current: WaitlistView; hrefOf: (view: WaitlistView) => string }) {
  return (
    <nav aria-label="Waitlist views" className="mb-5">
      <ul className="inline-flex w-full gap-1 rounded-full border border-border bg-surface p-1 sm:w-auto">
        {WAITLIST_VIEWS.map(({ view, label }) => (
          <li key={view} className="flex-1 sm:flex-none">
            <Link
              to={hrefOf(view)}
              aria-current={view === current ? 'page' : undefined}
              className={clsx(
                'inline-flex h-9 w-full items-center justify-center rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
                view === current ? 'bg-elevated text-foreground shadow-sm ring-1 ring-border' : 'text-muted hover:text-foreground',
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
