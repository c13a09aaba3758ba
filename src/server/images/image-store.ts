/** The image store the configuration names: files under DATA_DIR/uploads, or an S3 bucket. */
import type { ImageStorageConfig } from '../config.js';
import { createS3Client, createS3ImageStore } from './s3-storage.js';
import { createDiskImageStore, type ImageStore } from './storage.js';

export interface ConfiguredImageStore {
  store: ImageStore;
  /** Releases the store's connections (the S3 client's sockets). */
  close(): void;
}

export function createImageStore(config: ImageStorageConfig): ConfiguredImageStore {
  if (config.kind === 'disk') return { store: createDiskImageStore(config.dir), close: () => {} };
  const client = createS3Client({
    forcePathStyle: config.forcePathStyle,
    timeoutMs: config.timeoutMs,
  });
  return { store: createS3ImageStore(client, config.bucket), close: () => client.destroy() };
}
