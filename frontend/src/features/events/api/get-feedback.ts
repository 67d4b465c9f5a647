import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import type { ShotKind } from '../types';

// GET /api/feedback/{kind}/{code} (spec §4 "Feedback page", §7): the stored analysis, generated
// once from the metrics when the record has none. `claimed` false (no first name or email yet)
// and 404 send the visitor to the form; 422 `feedback_unavailable` when there is nothing to show.

export type FeedbackResponse = ApiSchema<'ShotFeedbackResponseDto'>;

export function getFeedback(kind: ShotKind, code: string, signal?: AbortSignal): Promise<FeedbackResponse> {
  return api.get<FeedbackResponse>(`/api/feedback/${kind}/${encodeURIComponent(code)}`, { signal });
}
