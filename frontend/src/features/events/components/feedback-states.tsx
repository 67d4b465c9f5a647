import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The loading view (spec §2 "Feedback pages": 'Getting your shot analysis...', then 'Loading your shot analysis...'). */
export function FeedbackLoading({ slow }: { slow: boolean }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <span aria-hidden="true" className="page-loader-spinner size-10 rounded-full border-[3px] border-border border-t-brand-solid" />
      <p className="text-lg font-medium text-foreground">{slow ? 'Loading your shot analysis...' : 'Getting your shot analysis...'}</p>
    </div>
  );
}

/** The error view: the message and 'Try Again', which reloads the page. */
export function FeedbackError({ message }: { message: string }) {
  return (
    <div role="alert" className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center px-6 text-center">
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
        <AlertTriangle className="size-7" />
      </span>
      <h1 className="mt-5 font-display text-2xl font-bold tracking-tight">Your Shot Analysis</h1>
      <p className="mt-3 text-pretty text-muted" data-testid="feedback-error">
        {message}
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        Try Again
      </Button>
    </div>
  );
}
