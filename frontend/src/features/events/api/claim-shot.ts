import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import type { ShotKind } from '../types';

// POST /api/shots/{kind}/{code}/claim (spec §4 "Form submit", §7): sets the first name and
// email on the shot record and joins the waitlist as a Player; answers the claim token that
// opens the analysis. An email already on the list still succeeds (`alreadyRegistered`). The
// claimer's own email again answers no token: their link is emailed to them (`linkSent`).
// 409 `shot_already_claimed` for another email; 404 `shot_not_found` for an unknown code;
// 400 / 429 with `{ error, code }`.

export type ClaimShotInput = ApiSchema<'ClaimShotDto'>;

export type ClaimShotResponse = ApiSchema<'ClaimShotResponseDto'>;

export function claimShot(kind: ShotKind, code: string, input: ClaimShotInput): Promise<ClaimShotResponse> {
  return api.post<ClaimShotResponse>(`/api/shots/${kind}/${encodeURIComponent(code)}/claim`, input);
}
