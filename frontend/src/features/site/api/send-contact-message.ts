import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// POST /api/contact (spec §3 "Contact submission", §7 "send-contact-email"): the server
// stores the message and emails the team. 201 { id }; 400 / 429 with `{ error, code }`.

export const CONTACT_PATH = '/api/contact';

export type ContactMessageInput = ApiSchema<'ContactRequestDto'>;

export type ContactMessageResponse = ApiSchema<'ContactResponseDto'>;

export function sendContactMessage(input: ContactMessageInput): Promise<ContactMessageResponse> {
  return api.post<ContactMessageResponse>(CONTACT_PATH, input);
}

export function useSendContactMessage() {
  return useMutation({ mutationKey: ['contact', 'send'], mutationFn: sendContactMessage });
}
