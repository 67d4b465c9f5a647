import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

// Spec §9 "Data query cache": garbage-collect after 5 min; retry 3 times with exponential
// back-off capped at 30 s. A 4xx answer is final (bad input, not found, not signed in...),
// so it is never retried.

export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
export const QUERY_MAX_RETRIES = 3;
export const QUERY_MAX_RETRY_DELAY_MS = 30_000;

/** The HTTP status carried by an error (ApiError has one), if any. */
function statusOf(error: unknown): number | null {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return null;
}

export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = statusOf(error);
  if (status !== null && status >= 400 && status < 500) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, QUERY_MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_TIME_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Writes are not idempotent in general; a form shows the error and the visitor retries.
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * Wraps a lazily loaded screen in the shared query client. The provider is not at the root on
 * purpose: TanStack Query then loads only with the screens that use it (contact, the waitlist
 * landing, admin), never with the home page.
 */
export function withQueryClient<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `withQueryClient(${Screen.displayName ?? Screen.name})`;
  return WithQueryClient;
}
