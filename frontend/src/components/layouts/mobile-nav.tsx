import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import { DESKTOP_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { MOBILE_DRAWER_ID } from './navigation';

// The drawer (Radix dialog, switch, scroll lock) is fetched when the visitor reaches for the
// menu button, so desktop visitors and the first paint never pay for it.
const loadDrawer = () => import('./mobile-drawer');
const MobileDrawer = lazy(loadDrawer);

function prefetchDrawer() {
  loadDrawer().catch(() => {
    // A failed prefetch is retried by the click; nothing to report here.
  });
}

/** Under 768 px: the menu button and the side drawer it opens. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);

  // Close on navigation and when the window grows past the breakpoint.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.hash]);
  useEffect(() => {
    if (isDesktop) setOpen(false);
  }, [isDesktop]);

  return (
    <>
      <LazyTooltip label="Open menu">
        <button
          ref={triggerRef}
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? MOBILE_DRAWER_ID : undefined}
          onPointerEnter={prefetchDrawer}
          onFocus={prefetchDrawer}
          onClick={() => {
            setRequested(true);
            setOpen(true);
          }}
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-foreground transition-colors hover:bg-surface md:hidden"
        >
          <Menu className="size-6" aria-hidden="true" />
        </button>
      </LazyTooltip>
      {requested ? (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
