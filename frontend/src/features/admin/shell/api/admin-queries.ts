import { ApiError } from '@/lib/api-client';

// What the data calls of every admin area share with the session (the auth area owns it).

/** The signed-in staff member's session (the auth area reads it); an area that changes what it holds reads it again. */
export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Every admin data query starts with this key, so signing out can drop them all at once. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

/** A call refused with 401: the session is gone, which the session guard answers (the login page), not the screen. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A call refused with 403 forbidden_role: the signed-in role may not use it (the role changed
 * since the session was read). The session guard reads the session again and the frame then
 * shows what the new role can open, so the screen says nothing of its own.
 */
export function isForbiddenRole(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'forbidden_role';
}
