import { api } from '@/lib/api-client';
import type { ShotKind } from '../types';

// POST /api/shots/{kind}/{code}/claim (spec §4 "Form submit", §7): sets the first name and
// email on the shot record and joins the waitlist as a Player. An email already on the list
// still succeeds (`alreadyRegistered`). 404 `shot_not_found` for an unknown code; 400 / 429 with
// `{ error, code }`.

export interface ClaimShotInput {
  first_name: string;
  email: string;
  /** The honeypot: empty from people. */
  website?: string;
}

export interface ClaimShotResponse {
  id: string | null;
  waitlistPosition: number | null;
  referralCode: string | null;
  accessCode: string | null;
  alreadyRegistered: boolean;
}

export function claimShot(kind: ShotKind, code: string, input: ClaimShotInput): Promise<ClaimShotResponse> {
  return api.post<ClaimShotResponse>(`/api/shots/${kind}/${encodeURIComponent(code)}/claim`, input);
}
