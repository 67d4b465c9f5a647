import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { StorageService } from './storage.service';

/**
 * Multipart bodies (file uploads) for the routes that ask for them (`request.file()`): one file of
 * at most UPLOAD_MAX_BYTES (beyond: 413 from `toBuffer()`), a few short fields, nothing else.
 */
export async function registerMultipart(app: NestFastifyApplication): Promise<void> {
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: app.get(StorageService).maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });
}
