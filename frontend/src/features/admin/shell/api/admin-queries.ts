import { ApiError } from '@/lib/api-client';

// What the data calls of every admin area share with the session (the auth area owns it).

/** Every admin data query starts with this key, so signing out can drop them all at once. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

/** A call refused with 401: the session is gone, which the session guard answers (the login page), not the screen. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
