import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { apiError, EventMetadata, EventStore, isUniqueViolation } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { Repository } from 'typeorm';
import { CreateEarlyAccessCodeDto, EarlyAccessCodeDto, EarlyAccessSettingsResponseDto } from './dto/early-access.dto';
import { EarlyAccessCode } from './entities/early-access-code.entity';
import { EarlyAccessSettings } from './entities/early-access-settings.entity';
import {
  EARLY_ACCESS_CODE_STREAM,
  EARLY_ACCESS_SETTINGS_STREAM,
  EarlyAccessCodeCreated,
  EarlyAccessCodeDeleted,
  EarlyAccessCodeRedeemed,
  EarlyAccessStateChanged,
} from './early-access.events';

/** Spec §5 and §9: 6 characters from this alphabet (no I, O, 0 or 1, which read alike). */
export const EARLY_ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const stream = (codeId: string) => ({ streamType: EARLY_ACCESS_CODE_STREAM, streamId: codeId });

const toDto = (row: EarlyAccessCode): EarlyAccessCodeDto => ({
  id: row.id,
  code: row.code,
  firstName: row.firstName,
  email: row.email,
  isUsed: row.isUsed,
  createdAt: row.createdAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
});

/** Early-access codes for the app and the open/closed switch. */
@Injectable()
export class EarlyAccessService {
  constructor(
    private readonly events: EventStore,
    @InjectRepository(EarlyAccessCode) private readonly codes: Repository<EarlyAccessCode>,
    @InjectRepository(EarlyAccessSettings) private readonly settingsRows: Repository<EarlyAccessSettings>,
  ) {}

  /** Early access starts open, so an event booth issues codes until an admin closes it. */
  async settings(): Promise<EarlyAccessSettingsResponseDto> {
    const row = await this.settingsRows.findOneBy({ id: 1 });
    return { isOpen: row?.isOpen ?? true, updatedAt: row?.updatedAt?.toISOString() ?? null };
  }

  /** For the event flow: while closed, no new codes are handed out. */
  async isOpen(): Promise<boolean> {
    return (await this.settings()).isOpen;
  }

  async setOpen(isOpen: boolean, meta: EventMetadata): Promise<EarlyAccessSettingsResponseDto> {
    await this.events.append(EARLY_ACCESS_SETTINGS_STREAM, 'any', [EarlyAccessStateChanged({ isOpen, adminName: 'Admin' })], meta);
    return this.settings();
  }

  async list(): Promise<EarlyAccessCodeDto[]> {
    return (await this.codes.find({ order: { createdAt: 'DESC', code: 'ASC' } })).map(toDto);
  }

  async create(request: CreateEarlyAccessCodeDto, meta: EventMetadata): Promise<EarlyAccessCodeDto> {
    const codeId = randomUUID();
    const code = request.code.toUpperCase();
    try {
      await this.events.append(stream(codeId), 0, [EarlyAccessCodeCreated({ codeId, code, firstName: request.firstName, email: request.email })], meta);
    } catch (error) {
      if (isUniqueViolation(error, '_code_key')) throw apiError(409, 'That code already exists.', 'code_taken');
      throw error;
    }
    return toDto(await this.codes.findOneByOrFail({ id: codeId }));
  }

  /** A used code stays: the stream's history decides, at the version read, so a redemption can't slip in between. */
  async delete(codeId: string, meta: EventMetadata): Promise<void> {
    await this.events.transaction(async (tx) => {
      const history = await tx.readStream(stream(codeId));
      const created = history.find((e) => EarlyAccessCodeCreated.is(e));
      if (!created || history.some((e) => EarlyAccessCodeDeleted.is(e))) throw apiError(404, 'Early access code not found.', 'not_found');
      if (history.some((e) => EarlyAccessCodeRedeemed.is(e))) throw apiError(409, 'A used code cannot be deleted.', 'code_used');
      await tx.append(stream(codeId), history.length, [EarlyAccessCodeDeleted({ codeId, code: (created.payload as { code: string }).code })], meta);
    });
  }

  /** The app redeems a code once: 404 unknown, 409 already used. */
  async redeem(code: string, meta: EventMetadata): Promise<EarlyAccessCodeDto> {
    const row = await this.codes.findOneBy({ code: code.trim().toUpperCase() });
    if (!row) throw apiError(404, 'This early access code does not exist.', 'not_found');
    await this.events.transaction(async (tx) => {
      const history = await tx.readStream(stream(row.id));
      if (history.some((e) => EarlyAccessCodeDeleted.is(e))) throw apiError(404, 'This early access code does not exist.', 'not_found');
      if (history.some((e) => EarlyAccessCodeRedeemed.is(e))) throw apiError(409, 'This early access code has already been used.', 'code_used');
      await tx.append(stream(row.id), history.length, [EarlyAccessCodeRedeemed({ codeId: row.id, code: row.code })], meta);
    });
    return toDto(await this.codes.findOneByOrFail({ id: row.id }));
  }
}
