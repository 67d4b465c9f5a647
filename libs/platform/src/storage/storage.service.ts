import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { APP_CONFIG, AppConfig, ConfigError } from '../config/config';
import { LocalDiskDriver, S3Driver, StorageDriver } from './storage-drivers';
import { StorageConfig, StorageSettings } from './storage.settings';

/** Where the API serves stored objects when the bucket has no public address of its own. */
export const UPLOADS_PATH = '/uploads';

/** Keys are relative paths of plain segments: no '..', no leading slash, nothing a file system or S3 reads differently. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.');
}

/** The driver the settings ask for: S3 when S3_ENDPOINT is set (then both keys are required), else the local disk. */
export function storageDriverFor(settings: StorageConfig): StorageDriver {
  if (!settings.S3_ENDPOINT) return new LocalDiskDriver(settings.UPLOADS_DIR);
  const missing = (['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const).filter((name) => !settings[name]);
  if (missing.length) {
    throw Object.assign(new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when S3_ENDPOINT is set`).join('\n')}`), {
      problems: missing.map((name) => `  ${name}: required when S3_ENDPOINT is set`),
    });
  }
  return new S3Driver({
    endpoint: settings.S3_ENDPOINT,
    bucket: settings.S3_BUCKET,
    accessKey: settings.S3_ACCESS_KEY!,
    secretKey: settings.S3_SECRET_KEY!,
    region: settings.S3_REGION,
  });
}

/**
 * Uploaded files (ARCHITECTURE §3): put, open, remove by key, and the public URL of a key. Public
 * URLs are `/uploads/{key}` (served by the API with long cache headers, whichever the driver)
 * or, with S3_PUBLIC_URL, the bucket's own public address.
 */
@Injectable()
export class StorageService {
  private readonly logger = new Logger(StorageService.name);
  readonly driver: StorageDriver;
  readonly maxBytes: number;
  private readonly publicBase: string | null;
  private readonly siteBase: string;

  constructor(@Inject(StorageSettings.token) settings: StorageConfig, @Inject(APP_CONFIG) config: AppConfig) {
    this.driver = storageDriverFor(settings);
    this.maxBytes = settings.UPLOAD_MAX_BYTES;
    this.publicBase = settings.S3_ENDPOINT && settings.S3_PUBLIC_URL ? settings.S3_PUBLIC_URL.replace(/\/$/, '') : null;
    this.siteBase = config.PUBLIC_URL.replace(/\/$/, '');
  }

  /** Stores the object and gives its public URL. */
  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    this.checkKey(key);
    await this.driver.put(key, body, contentType);
    return this.publicUrl(key);
  }

  async open(key: string): Promise<Readable | null> {
    return isStorageKey(key) ? this.driver.open(key) : null;
  }

  async remove(key: string): Promise<void> {
    this.checkKey(key);
    await this.driver.remove(key);
  }

  /** Removes the object without failing the caller (logged): for clean-up after a change has committed. */
  async removeQuietly(key: string): Promise<void> {
    try {
      await this.remove(key);
    } catch (error) {
      this.logger.warn({ key, err: error }, 'Could not remove a stored object');
    }
  }

  publicUrl(key: string): string {
    return this.publicBase ? `${this.publicBase}/${key}` : `${UPLOADS_PATH}/${key}`;
  }

  /** The key behind one of our public URLs (relative, on this site, or on S3_PUBLIC_URL); null for any other URL. */
  keyOf(url: string): string | null {
    const prefixes = [`${UPLOADS_PATH}/`, `${this.siteBase}${UPLOADS_PATH}/`, ...(this.publicBase ? [`${this.publicBase}/`] : [])];
    const prefix = prefixes.find((p) => url.startsWith(p));
    if (!prefix) return null;
    const key = url.slice(prefix.length).split(/[?#]/)[0];
    return isStorageKey(key) ? key : null;
  }

  private checkKey(key: string): void {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}
