import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToasterRequest } from './toast';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** Mounts the (lazily loaded) toaster once the first notification is requested via `notify`. */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
