import { useEffect } from 'react';
import { pageTitle as fullTitle } from '@/config/site-pages';
import { brandName } from './brand';

// document.title on client-side navigation. The server already sends the right <title> for
// the first page; after that the route's default title (route `handle.title`, applied by the
// root layout) is used, unless the page sets a more specific one with usePageTitle (e.g. an
// article's own title once loaded). Setting document.title updates the server's <title> in
// place rather than adding a second one.

let routeTitle: string | null = null;
let pageTitle: string | null = null;

/** The same title the server puts in the first response's <title> (config/site-pages.ts). */
export function formatTitle(title: string | null | undefined): string {
  return fullTitle(title ?? '', brandName);
}

function render(): void {
  if (typeof document === 'undefined') return;
  document.title = formatTitle(pageTitle ?? routeTitle);
}

/** Used by the root layout with the matched route's `handle.title`. */
export function setRouteTitle(title: string | null): void {
  routeTitle = title;
  render();
}

/** Overrides the route's title while the calling component is mounted. */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    pageTitle = title;
    render();
    return () => {
      if (pageTitle === title) pageTitle = null;
      render();
    };
  }, [title]);
}
