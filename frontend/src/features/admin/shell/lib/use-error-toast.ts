import { useEffect } from 'react';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { isForbiddenRole, isUnauthenticated } from '../api/admin-queries';

/**
 * Shows one error toast each time a query fails (spec §8's 'Failed to fetch ...' titles).
 * A 401 is left to the session guard, which sends the visitor to the login page; a refused role
 * too, which shows what the role can open.
 */
export function useErrorToast(title: string, error: unknown, errorUpdatedAt: number): void {
  useEffect(() => {
    if (!error || isUnauthenticated(error) || isForbiddenRole(error)) return;
    notify.error(title, errorMessage(error));
    // Once per failure: errorUpdatedAt changes with every new error (`error` is read, not watched).
  }, [title, errorUpdatedAt]);
}
