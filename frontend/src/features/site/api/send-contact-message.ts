import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// POST /api/contact (spec §3 "Contact submission", §7 "send-contact-email"): the server
// stores the message and emails the team. 201 { id }; 400 / 429 with `{ error, code }`.

export const CONTACT_PATH = '/api/contact';

export interface ContactMessageInput {
  first_name: string;
  email: string;
  /** Optional: null when left empty. */
  subject: string | null;
  message: string;
  /** Honeypot: a hidden field people never fill in. The server rejects a non-empty value. */
  website: string;
}

export interface ContactMessageResponse {
  id: string;
}

export function sendContactMessage(input: ContactMessageInput): Promise<ContactMessageResponse> {
  return api.post<ContactMessageResponse>(CONTACT_PATH, input);
}

export function useSendContactMessage() {
  return useMutation({ mutationKey: ['contact', 'send'], mutationFn: sendContactMessage });
}
