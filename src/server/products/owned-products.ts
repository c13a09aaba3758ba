/**
 * The product rows of one seller as the product services read and write them: another user's id
 * is answered exactly like an unknown one (404), and every change is published to the seller's
 * live event stream.
 */
import { z } from 'zod';
import type { VersionCause } from '#domain/field-versions.js';
import { LIBRARY_READ_ONLY_MESSAGE } from '#domain/library.js';
import type { Product } from '#domain/products.js';
import { loadTaxonomy } from '../generation/taxonomy.js';
import { HttpError } from '../http/errors.js';
import type { FieldVersionRepository } from './field-version-repository.js';
import { recordReplacedTexts } from './field-version-recorder.js';
import type { ProductRow } from './product-mapper.js';
import type { ProductEventBus } from './product-events.js';
import type { ProductColumns, ProductRepository } from './product-repository.js';

const productIdSchema = z.uuid();

/**
 * Ids are random UUIDs; anything else is refused before it reaches the database. The routes
 * check theirs with the same rule (productIdSchema, src/domain/request-text.ts).
 */
export function parseProductId(id: unknown): string {
  const parsed = productIdSchema.safeParse(id);
  if (!parsed.success) throw new HttpError(400, 'Invalid product id');
  return parsed.data.toLowerCase();
}

export const notFound = () => new HttpError(404, 'Product not found');
/** Concurrent evidence changes an update is merged with before the service gives up. */
const MAX_EVIDENCE_MERGES = 3;
export const stillGenerating = () =>
  new HttpError(409, 'This product is still being generated. Please wait a moment.');

/** The seller's category must be a real entry of the taxonomy the stores import. */
export function taxonomyCategory(categoryId: string) {
  const category = loadTaxonomy().byId(categoryId);
  if (!category) {
    throw new HttpError(
      400,
      'Unknown category. Please choose a category from the Shopify product taxonomy.',
      'unknown-category',
    );
  }
  return { id: category.gid, fullName: category.fullName };
}

export function createOwnedProducts(
  products: ProductRepository,
  versions: FieldVersionRepository,
  events: ProductEventBus,
) {
  /**
   * Writes columns computed from the stored row. When they carry evidence merged into what is
   * stored, the write only lands if the stored evidence is still the one it was merged into;
   * otherwise the row is read again and the columns computed again, so a concurrent change (a
   * category confirmed while a text is regenerated, or the reverse) is not undone. A title or
   * description it replaces is kept as a version, named by `cause`.
   */
  async function updateMergingEvidence(
    userId: string,
    row: ProductRow,
    cause: VersionCause,
    columnsFor: (latest: ProductRow) => ProductColumns,
  ): Promise<ProductRow> {
    let latest = row;
    for (let attempt = 0; attempt < MAX_EVIDENCE_MERGES; attempt++) {
      const columns = columnsFor(latest);
      const mergedInto = columns.fieldEvidence === undefined ? undefined : latest.fieldEvidence;
      const updated = await products.updateForUser(userId, row.id, columns, mergedInto);
      if (updated) {
        await recordReplacedTexts(versions, latest, updated, cause);
        return updated;
      }
      // Gone (404), or its evidence changed: merge into the new one.
      latest = await ownedRow(userId, row.id);
    }
    throw new HttpError(409, 'The product changed meanwhile; please try again');
  }

  /**
   * The seller's product, to change: one in the library only while premium (ADR 019). A product
   * published straight from the review list was never saved (`savedAt` null): still a draft to edit.
   */
  async function ownedRow(userId: string, id: string) {
    const row = await products.findForUser(userId, id);
    if (!row) throw notFound();
    const inLibrary = row.status !== 'draft' && row.savedAt !== null;
    if (inLibrary && (await products.planOf(userId)) !== 'premium') {
      throw new HttpError(403, LIBRARY_READ_ONLY_MESSAGE, 'library-read-only');
    }
    return row;
  }

  function publish(userId: string, product: Product): Product {
    events.publish(userId, { type: 'product', product });
    return product;
  }

  return { ownedRow, updateMergingEvidence, publish };
}
export type OwnedProducts = ReturnType<typeof createOwnedProducts>;
