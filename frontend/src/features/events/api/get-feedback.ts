import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import { claimHeaders } from '../lib/claim-tokens';
import type { ShotKind } from '../types';

// GET /api/feedback/{kind}/{code} (spec §4 "Feedback page", §7): the stored analysis, generated
// once from the metrics when the record has none, answered to the claimer's token only (401
// `claim_token_required` without it). `claimed` false (no first name or email yet) and 404 send
// the visitor to the form; 422 `feedback_unavailable` when there is nothing to show.

export type FeedbackResponse = ApiSchema<'ShotFeedbackResponseDto'>;

export function getFeedback(kind: ShotKind, code: string, claimToken: string | null, signal?: AbortSignal): Promise<FeedbackResponse> {
  return api.get<FeedbackResponse>(`/api/feedback/${kind}/${encodeURIComponent(code)}`, { signal, headers: claimHeaders(claimToken) });
}
