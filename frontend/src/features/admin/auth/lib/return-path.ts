import type { NavigateFunction } from 'react-router-dom';

export const DASHBOARD_PATH = '/admin';
const LOGIN_PATH = '/admin/login';
/** Served by the server (Bull Board), not by this app: reached with a page load. */
const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Where to go after signing in: the page that sent the visitor to the login (`?next=`), when it
 * is a path on this site; anything else (another origin, `//host`, `/\host`, the login itself)
 * goes to the dashboard, so a crafted link can't send a fresh session elsewhere.
 */
export function returnPathFrom(next: string | null, origin: string = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return DASHBOARD_PATH;
  try {
    const url = new URL(next, origin);
    if (url.origin !== origin || url.pathname.startsWith(LOGIN_PATH)) return DASHBOARD_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DASHBOARD_PATH;
  }
}

/** The login path that returns to `path` after signing in. */
export function loginPathReturningTo(path: string): string {
  return path === DASHBOARD_PATH ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(path)}`;
}

export function goAfterSignIn(path: string, navigate: NavigateFunction): void {
  if (path === QUEUE_DASHBOARD_PATH || path.startsWith(`${QUEUE_DASHBOARD_PATH}/`)) window.location.assign(path);
  else navigate(path, { replace: true });
}
