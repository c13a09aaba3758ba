/** Shared helpers for the analyzer tests: fixture photos and photos with a rendered barcode. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode, type WriteInputBarcodeFormat } from 'zxing-wasm/writer';
import { PHOTOS_DIR } from '../images/support.js';

/** Model loading plus OCR on a loaded 2-core machine: well beyond the default 20 s. */
export const ANALYZER_TIMEOUT_MS = 180_000;

export function photo(name: string): Buffer {
  return readFileSync(path.join(PHOTOS_DIR, name));
}

let writerReady: Promise<unknown> | undefined;

/** zxing's own writer, loaded from node_modules like the reader (never from a CDN). */
async function barcodeImage(text: string, format: WriteInputBarcodeFormat): Promise<Buffer> {
  writerReady ??= (async () => {
    const wasm = readFileSync(
      createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'),
    );
    await prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(0, wasm.byteLength) },
      fireImmediately: true,
    });
  })();
  await writerReady;
  const written = await writeBarcode(text, { format, scale: 1 });
  if (!written.image) throw new Error(`zxing could not write ${text}: ${written.error}`);
  return Buffer.from(await written.image.arrayBuffer());
}

/**
 * A real fixture photo with a barcode pasted on it, the way a sticker sits on a product: scaled
 * up 3×, on a white label, and the whole photo turned a few degrees and saved as JPEG.
 */
export async function photoWithBarcode(
  name: string,
  text: string,
  format: WriteInputBarcodeFormat,
  degrees = 4,
): Promise<Buffer> {
  const code = await barcodeImage(text, format);
  const { width = 0, height = 0 } = await sharp(code).metadata();
  const label = await sharp(code)
    .resize({ width: width * 3, height: height * 3, kernel: 'nearest' })
    .extend({ top: 12, bottom: 12, left: 12, right: 12, background: '#ffffff' })
    .png()
    .toBuffer();
  const composed = await sharp(photo(name))
    .composite([{ input: label, gravity: 'southeast' }])
    .jpeg({ quality: 92 })
    .toBuffer();
  return sharp(composed)
    .rotate(degrees, { background: '#ffffff' })
    .jpeg({ quality: 92 })
    .toBuffer();
}
