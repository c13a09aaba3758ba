import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '#domain/upload-rules.js';
import { ImageIntakeError } from './errors.js';

/**
 * A whole image in memory (sharp needs it whole anyway), never more than 10 MB of it: an upload's
 * original, or a stored rendition a vision provider is sent.
 */
export async function readBounded(input: Buffer | Readable | string): Promise<Buffer> {
  if (Buffer.isBuffer(input)) {
    if (input.length > MAX_FILE_BYTES) throw new ImageIntakeError('too-large');
    return input;
  }
  const stream = typeof input === 'string' ? createReadStream(input) : input;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > MAX_FILE_BYTES) throw new ImageIntakeError('too-large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
