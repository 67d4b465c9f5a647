import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { ChatMessagePosted } from './chat.events';
import { ChatMessagesRepository } from './chat-messages.repository';

@Injectable()
export class ChatMessagesProjection implements Projection {
  readonly name = 'chat-messages';
  readonly tables = ['chat_messages'];
  readonly handlers = new ProjectionHandlers()
    .on(ChatMessagePosted, async (event, manager) => {
      if (event.personalDataErased) return; // the player who claimed the shot was erased, with the conversation
      const p = event.payload;
      await ChatMessagesRepository.insert(
        {
          id: p.messageId,
          kind: p.kind,
          shotCode: p.shotCode,
          position: event.position,
          sender: p.sender,
          content: p.content,
          createdAt: new Date(event.occurredAt),
        },
        manager,
      );
    })
    .build();
}
