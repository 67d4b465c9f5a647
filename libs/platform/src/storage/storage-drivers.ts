import * as Minio from 'minio';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** Long-lived: every key we write is new (a timestamp in its name), so a cached copy never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Where objects live: the local disk or an S3-compatible bucket. Keys are checked by StorageService. */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  open(key: string): Promise<Readable | null>;
  /** Removes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
}

/** Files under a directory (UPLOADS_DIR), written whole or not at all (a temporary file, then a rename). */
export class LocalDiskDriver implements StorageDriver {
  readonly kind = 'local';
  readonly root: string;

  constructor(directory: string) {
    this.root = resolve(directory);
  }

  private path(key: string): string {
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, body);
    await rename(partial, path);
  }

  async open(key: string): Promise<Readable | null> {
    const path = this.path(key);
    try {
      if (!(await stat(path)).isFile()) return null;
    } catch {
      return null;
    }
    return createReadStream(path);
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** One bucket of an S3-compatible service through the `minio` client (path-style addressing, as MinIO wants). */
export class S3Driver implements StorageDriver {
  readonly kind = 's3';
  readonly client: Minio.Client;
  private bucketReady?: Promise<void>;

  constructor(private readonly options: S3Options) {
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    this.client = new Minio.Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region,
      pathStyle: true,
    });
  }

  /** Creates the bucket on first use when it is missing (a fresh MinIO); once per process. */
  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.client.bucketExists(this.options.bucket))) await this.client.makeBucket(this.options.bucket, this.options.region);
    })().catch((error: unknown) => {
      this.bucketReady = undefined;
      throw error;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.ensureBucket();
    await this.client.putObject(this.options.bucket, key, body, body.length, { 'Content-Type': contentType, 'Cache-Control': IMMUTABLE_CACHE });
  }

  async open(key: string): Promise<Readable | null> {
    try {
      return await this.client.getObject(this.options.bucket, key);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'NoSuchKey' || code === 'NotFound' || code === 'NoSuchBucket') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.removeObject(this.options.bucket, key);
  }
}
