/** The image store the configuration names: files under DATA_DIR/uploads, or an S3 bucket. */
import type { ImageStorageConfig } from '../config.js';
import { createDiskImageStore, type ImageStore } from './storage.js';

export interface ConfiguredImageStore {
  store: ImageStore;
  /** Releases the store's connections (the S3 client's sockets). */
  close(): void;
}

export async function createImageStore(config: ImageStorageConfig): Promise<ConfiguredImageStore> {
  if (config.kind === 'disk') return { store: createDiskImageStore(config.dir), close: () => {} };
  // The AWS SDK is loaded only where a bucket is configured (ADR 056).
  const { createS3Client, createS3ImageStore } = await import('./s3-storage.js');
  const client = createS3Client({
    forcePathStyle: config.forcePathStyle,
    timeoutMs: config.timeoutMs,
  });
  return { store: createS3ImageStore(client, config.bucket), close: () => client.destroy() };
}
