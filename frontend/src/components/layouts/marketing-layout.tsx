import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '@/components/ui/page-loader';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

const MAIN_ID = 'main-content';
const MAIN_CLASS = 'flex-1';

/**
 * Public marketing pages (and the admin login): header, content, footer. The footer arrives
 * with the page, not before it: a footer drawn under the loader would be pushed down when the
 * page's content comes in (a layout shift).
 */
export function MarketingLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <Suspense
        fallback={
          <main id={MAIN_ID} tabIndex={-1} className={MAIN_CLASS}>
            <PageLoader />
          </main>
        }
      >
        <main id={MAIN_ID} tabIndex={-1} className={MAIN_CLASS}>
          <Outlet />
        </main>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
