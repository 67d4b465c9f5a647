import { lazy, Suspense, useEffect } from 'react';
import { PageLoader } from '@/components/ui/page-loader';
import { setToastPlacement } from '@/components/ui/toast';

// The session guard (and with it every bit of admin code) is its own chunk: this layout is
// part of the router, which every public page loads, so it must not import the admin feature.
const AdminSessionGuard = lazy(() => import('@/features/admin/auth/components/admin-session-guard'));

/**
 * The staff area (everything under /admin except the login page): no site header or footer.
 * The guard checks the session (redirecting to /admin/login when signed out), then renders
 * the admin navigation and the screen.
 */
export function AdminLayout() {
  // On a phone the lists are cards whose actions sit at the card's foot, where a toast at the
  // bottom of the screen would cover them for its five seconds: toasts go to the top there,
  // below the header (its Menu button stays in reach).
  useEffect(() => {
    const phone = window.matchMedia('(max-width: 767px)');
    const place = () => setToastPlacement(phone.matches ? 'below-admin-header' : 'bottom-right');
    place();
    phone.addEventListener('change', place);
    return () => {
      phone.removeEventListener('change', place);
      setToastPlacement('bottom-right');
    };
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <main id="main-content" tabIndex={-1} className="flex-1">
        <Suspense fallback={<PageLoader className="min-h-dvh" label="Loading admin" />}>
          <AdminSessionGuard />
        </Suspense>
      </main>
    </div>
  );
}
