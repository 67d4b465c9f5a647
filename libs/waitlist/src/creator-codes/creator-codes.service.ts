import { Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, isUniqueViolation, PendingEvent } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { CreatorCode } from './entities/creator-code.entity';
import {
  CREATOR_CODE_STREAM,
  CreatorCodeCreated,
  CreatorCodeDeleted,
  CreatorCodeFields,
  CreatorCodeStatusChanged,
  CreatorCodeUpdated,
  CreatorCodeUsed,
} from './creator-codes.events';
import { CreatorCodesRepository } from './creator-codes.repository';
import { CreateCreatorCodeDto, CreatorCodeDto, UpdateCreatorCodeDto } from './dto/creator-codes.dto';

const stream = (codeId: string) => ({ streamType: CREATOR_CODE_STREAM, streamId: codeId });

const toDto = (row: CreatorCode): CreatorCodeDto => ({
  id: row.id,
  code: row.code,
  handle: row.handle,
  influencerName: row.influencerName,
  platform: row.platform,
  campaign: row.campaign,
  status: row.status,
  notes: row.notes,
  usageCount: row.usageCount,
  createdAt: row.createdAt.toISOString(),
});

const EDITABLE: (keyof CreatorCodeFields)[] = ['code', 'handle', 'influencerName', 'platform', 'campaign', 'notes'];

/** Creator (influencer) promo codes; a waitlist sign-up through an active one counts as its usage. */
@Injectable()
export class CreatorCodesService {
  constructor(
    private readonly events: EventStore,
    private readonly codes: CreatorCodesRepository,
  ) {}

  async list(): Promise<CreatorCodeDto[]> {
    return (await this.codes.list()).map(toDto);
  }

  async create(request: CreateCreatorCodeDto, meta: EventMetadata): Promise<CreatorCodeDto> {
    const codeId = randomUUID();
    const fields: CreatorCodeFields = {
      code: request.code,
      handle: request.handle,
      influencerName: request.influencerName ?? null,
      platform: request.platform ?? 'Instagram',
      campaign: request.campaign ?? null,
      notes: request.notes ?? null,
    };
    await this.refuseTaken(() => this.events.append(stream(codeId), 0, [CreatorCodeCreated({ codeId, ...fields })], meta));
    return toDto(await this.codes.getById(codeId));
  }

  /** Edits and the status switch, each as its own event, only for what actually changed. */
  async update(codeId: string, request: UpdateCreatorCodeDto, meta: EventMetadata): Promise<CreatorCodeDto> {
    const current = await this.codes.findById(codeId);
    if (!current) throw apiError(404, 'Creator code not found.', 'not_found');
    const changes: Partial<CreatorCodeFields> = {};
    for (const key of EDITABLE) {
      const value = request[key];
      const required = key === 'code' || key === 'handle' || key === 'platform';
      if (value === undefined || (value === null && required)) continue;
      if (value !== current[key]) Object.assign(changes, { [key]: value });
    }
    const events: PendingEvent[] = [];
    if (Object.keys(changes).length > 0) events.push(CreatorCodeUpdated({ codeId, ...changes }));
    if (request.status && request.status !== current.status) events.push(CreatorCodeStatusChanged({ codeId, status: request.status }));
    if (events.length > 0) await this.refuseTaken(() => this.events.append(stream(codeId), 'any', events, meta));
    return toDto(await this.codes.getById(codeId));
  }

  async delete(codeId: string, meta: EventMetadata): Promise<void> {
    const current = await this.codes.findById(codeId);
    if (!current) throw apiError(404, 'Creator code not found.', 'not_found');
    await this.events.append(stream(codeId), 'any', [CreatorCodeDeleted({ codeId, code: current.code })], meta);
  }

  /** For the waitlist: the active creator code with this text, if any (inactive codes are ignored). */
  async findActive(code: string): Promise<{ id: string; code: string } | null> {
    const row = await this.codes.findActiveByCode(code.trim().toUpperCase());
    return row ? { id: row.id, code: row.code } : null;
  }

  /** For the waitlist's worker: counts a sign-up toward the code, inside the job's transaction. */
  async recordUsage(codeId: string, waitlistEntryId: string, manager: EntityManager, meta: EventMetadata): Promise<void> {
    if (!(await this.codes.exists(codeId, manager))) return; // deleted meanwhile
    await this.events.within(manager).append(stream(codeId), 'any', [CreatorCodeUsed({ codeId, waitlistEntryId })], meta);
  }

  private async refuseTaken(write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (isUniqueViolation(error, '_code_key')) throw apiError(409, 'That code already exists.', 'code_taken');
      throw error;
    }
  }
}
