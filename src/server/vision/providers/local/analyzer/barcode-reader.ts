/**
 * Barcodes on the product (EAN/UPC on retail packaging, Code 128, QR) with zxing-wasm. The WASM
 * binary is read from node_modules and handed over: left to itself, zxing-wasm fetches it from a
 * CDN. A number counts as a GTIN only when its check digit holds (src/domain/gtin.ts).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  formatToLabel,
  prepareZXingModule,
  readBarcodes,
  type ReadInputBarcodeFormat,
  type ReadResult,
} from 'zxing-wasm/reader';
import { gtinFromBarcodeText, type GtinSource } from '#domain/gtin.js';
import type { BarcodeEvidence } from '../evidence.js';
import type { RawRgb } from '../pixel-analysis.js';

const WASM_FILE = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');

/** Retail and common product symbologies; others only cost time and read noise as codes. */
const FORMATS: ReadInputBarcodeFormat[] = ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'QRCode'];

const GTIN_SOURCE: Partial<Record<string, GtinSource>> = {
  EAN13: 'ean-upc',
  EAN8: 'ean-upc',
  UPCA: 'ean-upc',
  UPCE: 'upc-e',
};

export interface BarcodeReader {
  read(copy: RawRgb): Promise<BarcodeEvidence | null>;
}

/** zxing wants RGBA (it converts to grey itself). */
function toRgba(copy: RawRgb): Uint8ClampedArray<ArrayBuffer> {
  const pixels = copy.width * copy.height;
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let p = 0; p < pixels; p++) {
    rgba[p * 4] = copy.data[p * 3]!;
    rgba[p * 4 + 1] = copy.data[p * 3 + 1]!;
    rgba[p * 4 + 2] = copy.data[p * 3 + 2]!;
    rgba[p * 4 + 3] = 255;
  }
  return rgba;
}

function gtinOf(result: ReadResult): string | null {
  // GS1-128 (symbology identifier ]C1) carries application identifiers: the GTIN is AI 01.
  const source = result.symbologyIdentifier === ']C1' ? 'gs1-hri' : GTIN_SOURCE[result.format];
  return source ? gtinFromBarcodeText(source, result.text) : null;
}

function toEvidence(result: ReadResult): BarcodeEvidence {
  return {
    format: formatToLabel(result.format) ?? result.format,
    text: result.text,
    gtin: gtinOf(result),
  };
}

/** Loads the reader's WASM (~3 MB) from the installed package. */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const wasmBinary = await readFile(WASM_FILE);
  await prepareZXingModule({
    overrides: { wasmBinary: wasmBinary.buffer.slice(0, wasmBinary.byteLength) },
    fireImmediately: true,
  });

  return {
    async read(copy) {
      const results = await readBarcodes(
        { data: toRgba(copy), width: copy.width, height: copy.height, colorSpace: 'srgb' },
        { formats: FORMATS, tryHarder: true, maxNumberOfSymbols: 4 },
      );
      const valid = results.filter((result) => result.isValid && result.text !== '');
      // A product number is what a listing needs, so a code with a GTIN wins over one without.
      const best = valid.find((result) => gtinOf(result) !== null) ?? valid[0];
      return best ? toEvidence(best) : null;
    },
  };
}
