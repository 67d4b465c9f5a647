import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import type { CoachKind } from '../types';

// GET /api/chat/{kind}/{code}/messages: the conversation stored for this shot code, oldest first
// (404 when the record is not claimed).

export type StoredChatMessage = ApiSchema<'ChatMessageDto'>;

export async function getChatMessages(kind: CoachKind, code: string, signal?: AbortSignal): Promise<StoredChatMessage[]> {
  const result = await api.get<ApiSchema<'ChatMessagesDto'>>(`/api/chat/${kind}/${encodeURIComponent(code)}/messages`, { signal });
  return result.messages;
}
