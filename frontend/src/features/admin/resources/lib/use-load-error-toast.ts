import { useEffect } from 'react';
import { notify } from '@/components/ui/toast';
import { isUnauthenticated } from '@/features/admin/shell/api/admin-queries';

/** One 'Error' toast with the spec's message each time a query fails (§8 "Admin resources"); a 401 is the session guard's. */
export function useLoadErrorToast(message: string, error: unknown, errorUpdatedAt: number, onError?: () => void): void {
  useEffect(() => {
    if (!error || isUnauthenticated(error)) return;
    notify.error('Error', message);
    onError?.();
    // Once per failure: errorUpdatedAt changes with every new error.
  }, [message, errorUpdatedAt]);
}
