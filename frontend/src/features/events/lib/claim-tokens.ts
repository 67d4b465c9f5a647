import type { ShotKind } from '../types';

// A claimed shot's analysis and chat open only with its claim token (the claim's answer, or the
// `?token=` of the link we email the claimer). The page keeps it in this browser, per shot, so a
// reload or a later visit on the same device still opens the analysis.

const key = (kind: ShotKind, code: string) => `shot-claim:${kind}:${code}`;

export function savedClaimToken(kind: ShotKind, code: string): string | null {
  try {
    return window.localStorage.getItem(key(kind, code));
  } catch {
    return null; // storage blocked (private mode): the emailed link still works
  }
}

export function saveClaimToken(kind: ShotKind, code: string, token: string): void {
  try {
    window.localStorage.setItem(key(kind, code), token);
  } catch {
    // Storage blocked: this visit keeps working from the address; the email has the link.
  }
}

/**
 * The token of an emailed link (`?token=`), kept and taken out of the address bar so it is not
 * left in the history or shared by copying the address. Null when the address has none.
 */
export function takeClaimTokenFromAddress(kind: ShotKind, code: string): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return null;
  saveClaimToken(kind, code, token);
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}

/** The `Authorization` header that opens a claimed shot. */
export function claimHeaders(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}
