import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import { ADMIN_QUERY_KEY } from '@/features/admin/shell/api/admin-queries';
import { storeSession, type SignedIn } from './auth';

// Passkeys: the signed-in account's own (added, listed, removed), and a sign-in's second step by
// passkey. The browser's part is @simplewebauthn/browser's; shapes: openapi.json.

export type Passkey = ApiSchema<'PasskeyDto'>;
export type PasskeyAdded = ApiSchema<'PasskeyAddedDto'>;

const PASSKEYS_KEY = [...ADMIN_QUERY_KEY, 'passkeys'] as const;
const STATUS_KEY = [...ADMIN_QUERY_KEY, 'second-factor'] as const;

/** The browser's passkey prompt closed without a passkey: the person chose so, not an error to report. */
export const passkeyPromptClosed = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

/** Whether this browser can make and use passkeys at all. */
export const passkeysSupported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export function usePasskeys() {
  return useQuery({ queryKey: PASSKEYS_KEY, queryFn: async () => (await api.get<ApiSchema<'PasskeysDto'>>('/api/auth/mfa/passkeys')).passkeys });
}

/**
 * The server's options, the browser's passkey prompt, the server's check: a new passkey (and, for
 * a first factor, the recovery codes; at a forced set-up, the session too).
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'passkeys', 'add'],
    mutationFn: async (name: string) => {
      const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>('/api/auth/mfa/passkeys/options');
      const response = await startRegistration({ optionsJSON });
      return api.post<PasskeyAdded>('/api/auth/mfa/passkeys', { name, response });
    },
    onSuccess: (answer) => {
      if (answer.signedIn) storeSession(queryClient, answer.signedIn);
      void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'passkeys', 'remove'],
    mutationFn: (id: string) => api.delete<void>(`/api/auth/mfa/passkeys/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}

/** The sign-in's second step by passkey: the browser's prompt for one of the account's passkeys, then the session. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login', 'passkey'],
    mutationFn: async () => {
      const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>('/api/auth/login/passkey/options');
      const response = await startAuthentication({ optionsJSON });
      return api.post<SignedIn>('/api/auth/login/passkey', { response });
    },
    onSuccess: (session) => storeSession(queryClient, session),
  });
}
