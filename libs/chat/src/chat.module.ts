import { Module } from '@nestjs/common';

/** The AI coach: prompts, streaming replies, the conversation log. Filled by the chat issue. */
@Module({})
export class ChatModule {}
