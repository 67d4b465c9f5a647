import { api } from '@/lib/api-client';
import type { ShotFeedback, ShotKind } from '../types';

// GET /api/feedback/{kind}/{code} (spec §4 "Feedback page", §7): the stored analysis, generated
// once from the metrics when the record has none. `claimed` false (no first name or email yet)
// and 404 send the visitor to the form; 422 `feedback_unavailable` when there is nothing to show.

export interface FeedbackResponse {
  kind: ShotKind;
  code: string;
  claimed: boolean;
  firstName: string | null;
  feedback: ShotFeedback | null;
}

export function getFeedback(kind: ShotKind, code: string, signal?: AbortSignal): Promise<FeedbackResponse> {
  return api.get<FeedbackResponse>(`/api/feedback/${kind}/${encodeURIComponent(code)}`, { signal });
}
