/**
 * Bringing an existing catalogue in from a store's product file (issue 25; Premium).
 *
 * Routes (need a signed-in Premium session; another seller's import answers 404):
 * - POST /api/catalogue-imports  multipart, one file field   → 201 {@link CatalogueImport}
 *   A file that cannot be read (unknown header, a malformed line) → 400 {@link importRefusalSchema},
 *   and nothing of it is imported.
 * - POST /api/catalogue-imports/shopify {@link StoreImportRequest} → 202 {@link CatalogueImport}
 *   The seller's connected store's products, read page by page after the answer (state
 *   'importing' until the last page); another seller's store → 404, one to reconnect → 409.
 * - GET  /api/catalogue-imports/:id                          → {@link CatalogueImport}
 *   (the image progress as counts; failed images listed up to imageFailuresListedMax)
 * - GET  /api/catalogue-imports/:id/export                   → text/csv attachment, streamed:
 *   the import's products still in the library, in the import's own file format with their
 *   handles / store ids, so importing it into the store updates them (ADR 046). A store import
 *   (no file format) → 404.
 *
 * The products are written when the POST answers; their images are fetched afterwards, and the
 * GET shows how far that got and which images failed.
 */
import { z } from 'zod';
import type { ExportPlatform } from './export-common';

/** The product files, and a connected Shopify store read through its Admin API (ADR 044). */
export const CATALOGUE_FORMATS = [
  'shopify',
  'woocommerce',
  'squarespace',
  'shopify-store',
] as const;
export const catalogueFormatSchema = z.enum(CATALOGUE_FORMATS);
export type CatalogueFormat = z.infer<typeof catalogueFormatSchema>;

export const CATALOGUE_FORMAT_NAMES: Record<CatalogueFormat, string> = {
  shopify: 'Shopify product CSV',
  woocommerce: 'WooCommerce product CSV',
  squarespace: 'Squarespace product CSV',
  'shopify-store': 'Shopify store',
};

/** POST /api/catalogue-imports/shopify: one of the seller's connected stores, by its domain. */
export const storeImportRequestSchema = z.object({ shop: z.string().trim().min(1).max(255) });
export type StoreImportRequest = z.infer<typeof storeImportRequestSchema>;

export const CATALOGUE_IMPORT_LIMITS = {
  /** Shopify's own importer takes 15 MB; a 10,000-product export with long HTML runs larger. */
  fileBytesMax: 50 * 1024 * 1024,
  /** Images fetched per product (Shopify allows 250; a catalogue's first few are what matter). */
  imagesPerProductMax: 10,
  /** A line longer than this is not a product row (a runaway quote swallowing the file). */
  recordBytesMax: 1024 * 1024,
  /** Failed images an import's progress lists (the first, in the file's order); all are counted. */
  imageFailuresListedMax: 50,
} as const;

export const CATALOGUE_IMPORT_MESSAGES = {
  premium:
    'Importing a catalogue is a Premium feature. Upgrade to Premium to import your products.',
  noFile: 'Please choose a CSV file to import.',
  tooLarge: `This file is too large. Files up to ${CATALOGUE_IMPORT_LIMITS.fileBytesMax / 1024 / 1024} MB can be imported.`,
  unknownHeader:
    'This file is not a Shopify, WooCommerce or Squarespace product CSV: its first line does not have their column names.',
  empty: 'This file has no products in it.',
} as const;

/** Why a product of the file was not imported, and where it is. */
export const skippedProductSchema = z.object({
  line: z.number().int(),
  key: z.string(),
  reason: z.string(),
});
export type SkippedProduct = z.infer<typeof skippedProductSchema>;

/** Images of one product that could not be fetched (the product is imported all the same). */
export const imageFailureSchema = z.object({
  line: z.number().int(),
  key: z.string(),
  productId: z.string(),
  url: z.string(),
  reason: z.string(),
});
export type ImageFailure = z.infer<typeof imageFailureSchema>;

export const importRefusalSchema = z.object({
  error: z.string(),
  /** The file's line the reason is about (1 is the header), when it is about one. */
  line: z.number().int().nullable(),
});

export const catalogueImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  format: catalogueFormatSchema.nullable(),
  state: z.enum(['importing', 'done']),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.array(skippedProductSchema),
  /** Why a store import stopped before its last page (what was read before it stays). */
  error: z.string().nullable(),
  images: z.object({
    /** Products whose images are still to fetch. */
    pending: z.number().int(),
    /** Products whose images were all tried. */
    done: z.number().int(),
    fetched: z.number().int(),
    /** Images that could not be fetched, all of them. */
    failed: z.number().int(),
    /** The first of them (imageFailuresListedMax), in the file's order. */
    failures: z.array(imageFailureSchema),
  }),
  createdAt: z.string(),
});
export type CatalogueImport = z.infer<typeof catalogueImportSchema>;

/** The store file a finished file import's products go back in: its own format (ADR 046). */
export function importExportFormat(
  result: Pick<CatalogueImport, 'format' | 'state'>,
): ExportPlatform | null {
  if (result.state !== 'done') return null;
  const { format } = result;
  return format === 'shopify' || format === 'woocommerce' || format === 'squarespace'
    ? format
    : null;
}

/** The sentence beside an import's download: what the store's importer matches on (ADR 046). */
export const SEND_BACK_HINTS: Record<ExportPlatform, string> = {
  shopify:
    'Importing this file into Shopify with ‘Overwrite products with matching handles’ ticked updates the products with the same handle.',
  woocommerce:
    'Importing this file into WooCommerce with ‘Update existing products’ ticked updates the products with the same ID or SKU.',
  squarespace:
    'Importing this file into Squarespace updates the products with the same Product ID.',
};

/** Words the result summary uses, shared so the screen and its tests agree. */
export function importSummary(result: Pick<CatalogueImport, 'created' | 'updated' | 'skipped'>) {
  const parts = [`${result.created} created`, `${result.updated} updated`];
  parts.push(`${result.skipped.length} skipped`);
  return parts.join(' · ');
}
