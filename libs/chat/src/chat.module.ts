import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { EventsModule, ShotRecordsService } from '@swishly/events';
import { ChatSettings } from './chat.settings';
import { Coach } from './coach/coach.service';
import { ChatController } from './conversation/chat.controller';
import { ChatPersonalData } from './conversation/chat-personal-data.holder';
import { ChatMessagesProjection } from './conversation/chat-messages.projection';
import { ChatMessagesRepository } from './conversation/chat-messages.repository';
import { ChatService } from './conversation/chat.service';
import { ChatMessage } from './conversation/entities/chat-message.entity';
import { ShotAnalyses } from './conversation/shot-analyses';

/** The AI coach: prompts, the built-in coach and its drills, streaming replies, the conversation log. */
@Module({
  imports: [TypeOrmModule.forFeature([ChatMessage]), DomainEventsModule.forFeature({ projections: [ChatMessagesProjection] }), EventsModule],
  controllers: [ChatController],
  providers: [ChatSettings.provider, { provide: ShotAnalyses, useExisting: ShotRecordsService }, ChatMessagesRepository, ChatService, Coach, ChatPersonalData],
  exports: [Coach],
})
export class ChatModule {}
