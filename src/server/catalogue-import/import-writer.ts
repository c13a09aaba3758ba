/**
 * Writing imported products into the library, the same whatever they came from (a product
 * file, or a connected store: ADR 044): a new source key becomes a new saved product with its
 * source and its text as imported kept as the first version; a key an earlier import of the same
 * seller and format made updates that product (the replaced text kept as a version), never adds
 * another. Products whose images changed are handed to the image job as import items.
 */
import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import type { CatalogueFormat, SkippedProduct } from '#domain/catalogue-import.js';
import type { ImportedProduct } from '#domain/catalogue-rows.js';
import type { Database, ProductsTable } from '../db/schema.js';
import type { Taxonomy } from '../vision/index.js';
import type { ImportRepository } from './import-repository.js';

/** What an import has written so far. */
export interface Counts {
  created: number;
  updated: number;
  skippedCount: number;
  skipped: SkippedProduct[];
}

/** Skipped products listed in the result at most (the count stays right beyond it). */
const SKIPPED_LISTED_MAX = 1000;

export function skip(counts: Counts, skipped: SkippedProduct): void {
  counts.skippedCount += 1;
  if (counts.skipped.length < SKIPPED_LISTED_MAX) counts.skipped.push(skipped);
}

export interface WriteContext {
  userId: string;
  importId: string;
  /** The file's name, or the store's domain. */
  fileName: string;
  format: CatalogueFormat;
  at: string;
}

/**
 * The taxonomy category an imported category text is (its GID, or a full name matched exactly);
 * null when it is not one. What an update compares a store's category with (ADR 045).
 */
export function importedCategory(taxonomy: Taxonomy, text: string) {
  return taxonomy.exact(text) ?? null;
}

export function createImportWriter(deps: { imports: ImportRepository; taxonomy: () => Taxonomy }) {
  const { imports } = deps;

  /**
   * A category the file names exactly (an id, GID or full path); free text (a product type) is
   * not guessed at: the taxonomy's fuzzy match scans every category, ~5 ms a product, which
   * made a 10,000-product file with a Type column spend most of a minute there.
   */
  function categoryOf(product: ImportedProduct) {
    const category = product.category ? importedCategory(deps.taxonomy(), product.category) : null;
    if (!category) {
      return { categoryId: null, categoryFullName: null, categoryConfidence: null };
    }
    return {
      categoryId: category.gid,
      categoryFullName: category.fullName,
      categoryConfidence: 1,
    };
  }

  /** The listing columns the file sets, on a new product and on one imported again alike. */
  function listingColumns(product: ImportedProduct, context: WriteContext) {
    return {
      title: product.title,
      description: product.description,
      tags: JSON.stringify(product.tags),
      priceCents: product.price === null ? null : Math.round(product.price * 100),
      ...categoryOf(product),
      seoTitle: product.seoTitle,
      seoDescription: product.seoDescription,
      altText: product.images[0]?.alt ?? '',
      storeStatus: product.storeStatus,
      variants: JSON.stringify(product.variants ?? { options: [], rows: [] }),
      // A connected store's products may be sent back to it ('Update in Shopify', ADR 045).
      sourceShop: context.format === 'shopify-store' ? context.fileName : null,
      updatedAt: context.at,
    };
  }

  /** One batch of an import, in the import's transaction. */
  async function writeBatch(
    trx: Kysely<Database>,
    context: WriteContext,
    batch: ImportedProduct[],
    counts: Counts,
  ): Promise<void> {
    const { userId, importId, fileName, format, at } = context;
    const existing = await imports.existingSources(
      trx,
      userId,
      format,
      batch.map((p) => p.key),
    );
    const byKey = new Map(existing.map((source) => [source.sourceKey, source]));
    const rows: Insertable<ProductsTable>[] = [];
    const sources: Insertable<Database['productSources']>[] = [];
    const versions: Parameters<ImportRepository['recordVersions']>[1] = [];
    const items: Parameters<ImportRepository['insertItems']>[1] = [];
    for (const product of batch) {
      const imageUrls = JSON.stringify(product.images.map((image) => image.url));
      const columns = listingColumns(product, context);
      const storeFields = JSON.stringify(product.storeFields ?? {});
      const item = {
        importId,
        sourceKey: product.key,
        line: product.line,
        images: JSON.stringify(product.images),
      };
      const found = byKey.get(product.key);
      if (!found) {
        const id = randomUUID();
        // The main photo's id is chosen now; the image job stores the first fetched image
        // (or a plain tile when none can be) under it.
        const imageId = randomUUID();
        rows.push({
          ...columns,
          id,
          userId,
          imageId,
          fileName,
          photos: JSON.stringify([{ imageId, fileName }]),
          batchPosition: product.line,
          generationState: 'ready',
          // An imported product was never drafted: it holds no credit.
          creditState: 'refunded',
          creditBucket: null,
          status: 'saved',
          inReview: 0,
          savedAt: at,
          libraryAddedAt: at,
          createdAt: at,
        });
        sources.push({
          productId: id,
          userId,
          format,
          sourceKey: product.key,
          fileName,
          importId,
          imageUrls,
          importedAt: at,
          identity: JSON.stringify(product.identity),
          storeFields,
        });
        for (const field of ['title', 'description'] as const) {
          if (product[field].trim() !== '') {
            versions.push({
              productId: id,
              field,
              value: product[field],
              cause: 'import',
              replacedAt: at,
            });
          }
        }
        items.push({ ...item, productId: id });
        counts.created += 1;
        continue;
      }
      await imports.updateProduct(trx, userId, found.productId, columns, {
        importId,
        fileName,
        imageUrls,
        importedAt: at,
        identity: JSON.stringify(product.identity),
        storeFields,
      });
      for (const field of ['title', 'description'] as const) {
        if (found[field] === product[field]) continue;
        if (found[field].trim() !== '') {
          versions.push({
            productId: found.productId,
            field,
            value: found[field],
            cause: 'reimport',
            replacedAt: at,
          });
        }
        if (product[field].trim() !== '') {
          versions.push({
            productId: found.productId,
            field,
            value: product[field],
            cause: 'import',
            replacedAt: at,
          });
        }
      }
      if (found.imageUrls !== imageUrls) items.push({ ...item, productId: found.productId });
      counts.updated += 1;
    }
    await imports.insertProducts(trx, rows, sources);
    await imports.recordVersions(trx, versions);
    await imports.insertItems(trx, items);
  }

  return { writeBatch };
}

export type ImportWriter = ReturnType<typeof createImportWriter>;
