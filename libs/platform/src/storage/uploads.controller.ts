import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { extname } from 'node:path';
import { apiError } from '../http/api-exception.filter';
import { IMMUTABLE_CACHE } from './storage-drivers';
import { StorageService, UPLOADS_PATH } from './storage.service';

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif' };

/** Stored objects at /uploads/{key}, from the local disk or the bucket, cached for a year (keys are never reused). */
@ApiExcludeController()
@Controller()
export class UploadsController {
  constructor(private readonly storage: StorageService) {}

  @Get(`${UPLOADS_PATH.slice(1)}/*`)
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = decodeURIComponent(request.url.split('?')[0].slice(UPLOADS_PATH.length + 1));
    const body = await this.storage.open(key);
    if (!body) throw apiError(404, 'No such file.', 'not_found');
    void reply
      .header('content-type', TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream')
      .header('cache-control', IMMUTABLE_CACHE)
      .send(body);
  }
}
