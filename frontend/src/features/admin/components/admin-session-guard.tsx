import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/page-loader';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { TooltipProvider } from '@/components/ui/tooltip';
import { brandName } from '@/lib/brand';
import { errorMessage } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, isUnauthenticated, SESSION_QUERY_KEY, useSession } from '../api/auth';
import { loginPathReturningTo } from '../lib/return-path';
import { withQueryClient } from '@/lib/query-client';

// The session guard of the protected admin screens (spec §4 "Admin login modes"): while
// GET /api/auth/session is pending a loading state is shown; a 401 sends the visitor to
// /admin/login (replacing the history entry). Loaded lazily by AdminLayout, so none of the
// admin code is part of the public pages' bundle.

export const LOGIN_PATH = '/admin/login';

const navItems = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/waitlist', label: 'Waitlist' },
  { to: '/admin/broadcasts', label: 'Announcements' },
  { to: '/admin/early-access', label: 'Early Access' },
  { to: '/admin/creator-codes', label: 'Creator Codes' },
  { to: '/admin/resources', label: 'Resources' },
  { to: '/admin/emails', label: 'Mail Log' },
  { to: '/admin/privacy', label: 'Privacy' },
] as const;

/** When any admin request answers 401 (the session expired or was revoked), check the session again. */
function useRecheckSessionOnUnauthorized(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const isAdminKey = (key: readonly unknown[]) => key[0] === ADMIN_QUERY_KEY[0];
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isAdminKey(event.query.queryKey) && isUnauthenticated(event.action.error)) recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const key = event.mutation.options.mutationKey;
      if (key && isAdminKey(key) && isUnauthenticated(event.action.error)) recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

function AdminTopBar() {
  return (
    <div className="border-b border-border bg-background/95">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <Link to="/admin" aria-label={`${brandName} admin dashboard`} className="flex shrink-0 items-center gap-2 rounded-lg">
          <BrandLogo className="h-7 w-28" />
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold tracking-wide text-brand uppercase">
            Admin
          </span>
        </Link>
        <nav aria-label="Admin" className="order-last -mx-2 w-full overflow-x-auto md:order-none md:mx-0 md:w-auto md:flex-1">
          {/* Wrapped onto a second line on phones, so every tab is in view. */}
          <ul className="flex flex-wrap gap-1 md:flex-nowrap">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={'end' in item ? item.end : false}
                  className={({ isActive }) =>
                    clsx(
                      'inline-flex h-9 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors',
                      isActive ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-surface hover:text-foreground',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeToggle className="ml-auto md:ml-0" />
      </div>
    </div>
  );
}

function SessionProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-lg font-semibold text-foreground">We could not check your session</p>
      <p className="text-muted">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

function AdminSessionGuard() {
  const session = useSession();
  const location = useLocation();
  useRecheckSessionOnUnauthorized();

  // Also while a failed check is being retried (e.g. after signing in elsewhere in this tab).
  if (session.isPending || (session.isError && session.isFetching)) {
    return <PageLoader className="min-h-dvh" label="Checking your session" />;
  }
  if (session.isError) {
    if (isUnauthenticated(session.error)) {
      return <Navigate to={loginPathReturningTo(`${location.pathname}${location.search}`)} replace />;
    }
    return <SessionProblem message={errorMessage(session.error)} onRetry={() => void session.refetch()} />;
  }

  return (
    <TooltipProvider>
      <AdminTopBar />
      <Suspense fallback={<PageLoader className="min-h-[70vh]" label="Loading admin" />}>
        <Outlet />
      </Suspense>
    </TooltipProvider>
  );
}

export default withQueryClient(AdminSessionGuard);
