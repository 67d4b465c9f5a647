import { Body, Controller, Get, HttpCode, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProduces, ApiSecurity, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiDoc, BearerToken, EventMetadata, RequestMeta, SECURITY } from '@swishly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ChatService, ChatTurnInProgress } from './chat.service';
import { ChatMessagesDto, ChatStreamEventDto, ConversationParams, PostChatMessageDto } from './dto/chat.dto';

/** What the page shows when the coach cannot answer (spec §8 "Chat"). */
export const COACH_UNAVAILABLE = "Couldn't connect with the coach. Please try again.";

const sse = (event: ChatStreamEventDto) => `data: ${JSON.stringify(event)}\n\n`;

@ApiTags('chat')
@ApiExtraModels(ChatStreamEventDto)
@Controller('api/chat')
export class ChatController {
  private readonly logger = new Logger(ChatController.name);

  constructor(private readonly chat: ChatService) {}

  /**
   * Limits, the record and the message are checked before anything streams (JSON errors);
   * after that every failure is an `error` event and the reply is not stored.
   */
  @Post()
  @HttpCode(200)
  @ApiSecurity(SECURITY.claimToken)
  @ApiDoc("Ask the coach about the player's shot analysis (its claimer: `Authorization: Bearer <claimToken>`); the reply streams as server-sent events", {
    errors: [400, 401, 404, 429],
  })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description:
      'Server-sent events, each `data: <JSON>`: many `delta` (the reply in order), then `done` with the stored message id, or `error` (the reply is not stored).',
    content: { 'text/event-stream': { schema: { $ref: getSchemaPath(ChatStreamEventDto) } } },
  })
  async post(
    @Body() body: PostChatMessageDto,
    @BearerToken() claimToken: string | null,
    @RequestMeta() meta: EventMetadata,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const turn = await this.chat.post(body, claimToken, meta);
    const left = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) left.abort();
    });
    void reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
    return Readable.from(this.events(turn, left.signal, String(request.id)), { objectMode: false });
  }

  @Get(':kind/:code/messages')
  @ApiSecurity(SECURITY.claimToken)
  @ApiDoc('The conversation stored for a shot analysis, oldest first (its claimer: `Authorization: Bearer <claimToken>`)', { errors: [400, 401, 404] })
  @ApiOkResponse({ type: ChatMessagesDto })
  messages(@Param() params: ConversationParams, @BearerToken() claimToken: string | null): Promise<ChatMessagesDto> {
    return this.chat.conversation(params.kind, params.code, claimToken);
  }

  private async *events(turn: ChatTurnInProgress, signal: AbortSignal, requestId: string): AsyncGenerator<string> {
    let text = '';
    try {
      for await (const piece of turn.reply(signal)) {
        text += piece;
        yield sse({ type: 'delta', text: piece });
      }
      if (signal.aborted) return; // the visitor left: half a reply is not stored
      if (!text.trim()) throw new Error('the coach answered with no text');
      const messageId = await turn.save(text);
      yield sse({ type: 'done', messageId });
    } catch (error) {
      if (signal.aborted) return;
      this.logger.warn(`Chat reply failed (request ${requestId}, ${turn.coach} coach): ${(error as Error).message}`);
      yield sse({ type: 'error', error: COACH_UNAVAILABLE });
    }
  }
}
