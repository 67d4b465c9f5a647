import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';

/** The sign-up funnel (/shotanalysis, hbf and shot pages): no header, no footer, no distractions. */
export function FunnelLayout() {
  return (
    <main id="main-content" tabIndex={-1} className="min-h-dvh">
      <Suspense fallback={<PageLoader className="min-h-dvh" />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
