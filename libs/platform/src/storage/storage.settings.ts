import { z } from 'zod';
import { defineSettings, int, SettingsOf } from '../config/config';

const optionalText = z.string().trim().min(1).optional();

/**
 * Where uploaded files go (ARCHITECTURE §3): an S3-compatible service (MinIO, AWS S3...) through
 * the `minio` client when S3_ENDPOINT is set, else the local disk under UPLOADS_DIR. Either way
 * the site serves them at /uploads/{key} unless S3_PUBLIC_URL names a public host for the bucket.
 */
export const StorageSettings = defineSettings('storage', {
  /** e.g. http://minio:9000 or https://s3.eu-north-1.amazonaws.com. Unset: local disk. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  /** The spec's bucket 'assets'. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lower-case letters, digits, dots, dashes)')
    .default('assets'),
  S3_ACCESS_KEY: optionalText,
  S3_SECRET_KEY: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** A public (CDN) address of the bucket; unset: the API serves the objects at /uploads/{key}. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  /** The local driver's directory. */
  UPLOADS_DIR: z.string().trim().min(1).default('data/uploads'),
  /** Largest upload accepted (bytes); beyond: 413. */
  UPLOAD_MAX_BYTES: int(5 * 1024 * 1024, 1024),
});

export type StorageConfig = SettingsOf<typeof StorageSettings>;
