import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';

/**
 * The staff area (everything under /admin except the login page): no site header or footer.
 * The admin work adds its own navigation and the session guard here.
 */
export function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <main id="main-content" tabIndex={-1} className="flex-1">
        <Suspense fallback={<PageLoader className="min-h-dvh" label="Loading admin" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
