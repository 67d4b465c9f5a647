import { useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches, useNavigationType, type Params } from 'react-router-dom';
import { setRouteTitle } from '@/lib/page-title';

/** Route `handle` of this app: the page title, a plain string or built from the params. */
export interface RouteHandle {
  title?: string | ((params: Params) => string);
}

function useRouteTitle(): void {
  const matches = useMatches();
  let title: string | null = null;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) {
      title = typeof handle.title === 'function' ? handle.title(matches[i].params) : handle.title;
      break;
    }
  }
  useEffect(() => {
    setRouteTitle(title);
  }, [title]);
}

const scrollPositions = new Map<string, number>();

/**
 * Scroll handling for client-side navigation: a new page starts at the top, Back/Forward
 * restore the previous position, and a hash navigation is left to the target page (the home
 * page scrolls to its sections after 100 ms, see useHashScroll).
 */
function useScrollManagement(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const key = location.key;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        scrollPositions.set(key, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const samePath = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    if (navigationType === 'POP') {
      const saved = scrollPositions.get(location.key);
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return;
      }
    }
    if (location.hash) return;
    // Changing only the query string (filters, tabs) keeps the visitor where they are.
    if (samePath && navigationType !== 'POP') return;
    window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);
}

export function RootLayout() {
  useRouteTitle();
  useScrollManagement();
  return <Outlet />;
}
