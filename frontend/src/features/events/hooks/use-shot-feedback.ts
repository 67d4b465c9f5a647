import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { getFeedback } from '../api/get-feedback';
import { savedClaimToken, takeClaimTokenFromAddress } from '../lib/claim-tokens';
import { formPath, type AnalysisReading, type ShotFeedback, type ShotKind } from '../types';

// Spec §4 "Feedback page": loading, then a redirect, an error, or the analysis. A record
// without first name and email (claimed false), or one that cannot be read (404), sends the
// visitor to the form; §8 "Feedback pages" for the errors. A claimed analysis opens with its
// claim token only (kept in this browser, or brought by the emailed link); without it the
// visitor is sent to the form too, which says how to get the link.

/** After this long the loading text changes: the analysis may be being generated from the metrics. */
export const SLOW_LOAD_MS = 1500;

export type FeedbackState =
  | { status: 'loading'; slow: boolean }
  | {
      status: 'ready';
      firstName: string | null;
      feedback: ShotFeedback;
      reading: AnalysisReading | null;
      claimToken: string | null;
      referralCode: string | null;
    }
  | { status: 'error'; message: string };

export const INVALID_CODE = 'Invalid shot code';
export const LOAD_FAILED = 'Failed to load your shot analysis. Please try again later.';
export const GENERIC_ERROR = 'An error occurred. Please try again later.';

type Result = Exclude<FeedbackState, { status: 'loading' }> | { status: 'redirect'; claimRequired: boolean };

/** What the form page is told when the analysis would not open without the claimer's token. */
export interface ClaimRequiredState {
  claimRequired: true;
}

export function useShotFeedback(kind: ShotKind, code: string): FeedbackState {
  const navigate = useNavigate();
  const validCode = code.trim() !== '';
  const [result, setResult] = useState<Result | null>(null);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!validCode) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => setSlow(true), SLOW_LOAD_MS);
    const claimToken = takeClaimTokenFromAddress(kind, code) ?? savedClaimToken(kind, code);
    getFeedback(kind, code, claimToken, controller.signal)
      .then((response): Result => {
        if (!response.claimed) return { status: 'redirect', claimRequired: false };
        if (!response.feedback) return { status: 'error', message: LOAD_FAILED };
        return {
          status: 'ready',
          firstName: response.firstName,
          feedback: response.feedback,
          reading: response.reading,
          claimToken,
          referralCode: response.referralCode,
        };
      })
      .catch((error: unknown): Result => {
        if (error instanceof ApiError && error.status === 404) return { status: 'redirect', claimRequired: false };
        if (error instanceof ApiError && error.status === 401) return { status: 'redirect', claimRequired: true };
        if (error instanceof ApiError && error.status === 422) return { status: 'error', message: LOAD_FAILED };
        return { status: 'error', message: GENERIC_ERROR };
      })
      .then((next) => {
        if (controller.signal.aborted) return;
        window.clearTimeout(timer);
        if (next.status === 'redirect') {
          const state: ClaimRequiredState | null = next.claimRequired ? { claimRequired: true } : null;
          navigate(formPath(kind, code), { replace: true, state });
        } else setResult(next);
      });
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [kind, code, validCode, navigate]);

  if (!validCode) return { status: 'error', message: INVALID_CODE };
  if (!result || result.status === 'redirect') return { status: 'loading', slow };
  return result;
}
