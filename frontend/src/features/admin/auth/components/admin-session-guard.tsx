import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/page-loader';
import { TooltipProvider } from '@/components/ui/tooltip';
import { errorMessage } from '@/lib/api-client';
import { ADMIN_QUERY_KEY, isForbiddenRole, isUnauthenticated } from '@/features/admin/shell/api/admin-queries';
import { SESSION_QUERY_KEY, useSession } from '../api/auth';
import { loginPathReturningTo } from '../lib/return-path';
import { AdminTopBar } from '@/features/admin/shell/components/admin-top-bar';
import { RouteAccess } from '@/features/admin/shell/components/route-access';
import { StaffAccessProvider } from '@/features/admin/shell/lib/staff-access';
import { withQueryClient } from '@/lib/query-client';

// The session guard of the protected admin screens (spec §4 "Admin login modes"): while
// GET /api/auth/session is pending a loading state is shown; a 401 sends the visitor to
// /admin/login (replacing the history entry). Loaded lazily by AdminLayout, so none of the
// admin code is part of the public pages' bundle.

export const LOGIN_PATH = '/admin/login';

/**
 * When any admin request answers 401 (the session expired or was revoked) or 403 forbidden_role
 * (the role was changed meanwhile), check the session again.
 */
function useRecheckSessionOnUnauthorized(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const isAdminKey = (key: readonly unknown[]) => key[0] === ADMIN_QUERY_KEY[0];
    const needsRecheck = (error: unknown) => isUnauthenticated(error) || isForbiddenRole(error);
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isAdminKey(event.query.queryKey) && needsRecheck(event.action.error)) recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const key = event.mutation.options.mutationKey;
      if (key && isAdminKey(key) && needsRecheck(event.action.error)) recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
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

  const { user, permissions } = session.data;
  return (
    <StaffAccessProvider value={{ role: user.role, permissions }}>
      <TooltipProvider>
        <AdminTopBar />
        <Suspense fallback={<PageLoader className="min-h-[70vh]" label="Loading admin" />}>
          <RouteAccess>
            <Outlet />
          </RouteAccess>
        </Suspense>
      </TooltipProvider>
    </StaffAccessProvider>
  );
}

export default withQueryClient(AdminSessionGuard);
