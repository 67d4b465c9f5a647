import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/** Shown when a screen fails to render or its code cannot be loaded (e.g. right after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const status = isRouteErrorResponse(error) ? error.status : null;

  return (
    <div role="alert" className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center">
      <p className="text-sm font-semibold tracking-wider text-brand uppercase">{status ?? 'Error'}</p>
      <h1 className="mt-3 font-display text-3xl font-bold tracking-tight">{chunk ? 'A new version is available' : 'Something went wrong'}</h1>
      <p className="mt-4 text-muted">
        {chunk
          ? 'This page could not be loaded because the site was just updated. Reload to get the latest version.'
          : 'An unexpected error occurred. Please try again.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link to="/" className={buttonClasses('secondary')} reloadDocument>
          Return to Home
        </Link>
      </div>
    </div>
  );
}
