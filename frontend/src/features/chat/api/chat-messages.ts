import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import type { CoachKind } from '../types';

// GET /api/chat/{kind}/{code}/messages: the conversation stored for this shot code, oldest first,
// and three questions the coach answers well about it, to its claimer (`Authorization: Bearer
// <claimToken>`; 401 without it, 404 when not claimed).

export type StoredChatMessage = ApiSchema<'ChatMessageDto'>;

export async function getChatMessages(kind: CoachKind, code: string, claimToken: string | null, signal?: AbortSignal): Promise<ApiSchema<'ChatMessagesDto'>> {
  const headers: Record<string, string> = claimToken ? { Authorization: `Bearer ${claimToken}` } : {};
  return api.get<ApiSchema<'ChatMessagesDto'>>(`/api/chat/${kind}/${encodeURIComponent(code)}/messages`, { signal, headers });
}
