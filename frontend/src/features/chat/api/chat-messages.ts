import { api } from '@/lib/api-client';
import type { CoachKind, Sender } from '../types';

// GET /api/chat/{kind}/{code}/messages: the conversation stored for this shot code, oldest first
// (404 when the record is not claimed).

export interface StoredChatMessage {
  id: string;
  sender: Sender;
  content: string;
  createdAt: string;
}

export async function getChatMessages(kind: CoachKind, code: string, signal?: AbortSignal): Promise<StoredChatMessage[]> {
  const result = await api.get<{ messages: StoredChatMessage[] }>(`/api/chat/${kind}/${encodeURIComponent(code)}/messages`, { signal });
  return result.messages;
}
