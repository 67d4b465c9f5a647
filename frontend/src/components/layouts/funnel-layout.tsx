import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { setToastPlacement } from '@/components/ui/toast';

/** The sign-up funnel (/shotanalysis, hbf and shot pages): no header, no footer, no distractions. */
export function FunnelLayout() {
  // Their forms sit at the bottom of the screen: toasts go to the top, out of the way.
  useEffect(() => {
    setToastPlacement('top-center');
    return () => setToastPlacement('bottom-right');
  }, []);

  return (
    <main id="main-content" tabIndex={-1} className="min-h-dvh">
      <Suspense fallback={<PageLoader className="min-h-dvh" />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
