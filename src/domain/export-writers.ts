/**
 * The store files written as a stream: the library's downloads and an import's download back to
 * its store read their products a batch at a time, so a file of any size is written with memory
 * bounded by a batch. Pure: the batches come from the caller.
 */
import type { ExportPlatform } from './export-common';
import { shopifyCsvWriter } from './export-shopify';
import { squarespaceCsvWriter } from './export-squarespace';
import { woocommerceCsvWriter } from './export-woocommerce';
import type { ExportProduct } from './product';

const CSV_WRITERS = {
  shopify: shopifyCsvWriter,
  squarespace: squarespaceCsvWriter,
  woocommerce: woocommerceCsvWriter,
} satisfies Record<ExportPlatform, () => { header: string; product: unknown }>;

/**
 * The file as chunks of text: the header with the first batch's rows, then a chunk per batch
 * (far fewer writes than one per product). A file without products is its header alone.
 */
export async function* csvChunks(
  platform: ExportPlatform,
  batches: AsyncIterable<readonly ExportProduct[]>,
): AsyncGenerator<string> {
  const writer = CSV_WRITERS[platform]();
  let chunk = writer.header;
  for await (const batch of batches) {
    for (const product of batch) chunk += writer.product(product);
    if (chunk) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** `items` in arrays of `size` (the last one shorter), as they arrive. */
export async function* inBatches<T>(items: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
