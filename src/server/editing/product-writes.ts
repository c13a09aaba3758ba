/**
 * How the editing services change a product: the row is the seller's own and changeable (the
 * catalog's access module decides, read-only library included), a write computed from the
 * stored row is merged with concurrent evidence changes, a replaced title or description is kept
 * as a version, and every change is announced on the seller's live event stream.
 */
import type { VersionCause } from '#domain/field-versions.js';
import type { Product } from '#domain/products.js';
import { HttpError } from '../http/errors.js';
import type {
  CatalogAccess,
  ProductColumns,
  ProductEventBus,
  ProductRepository,
  ProductRow,
} from '../catalog/index.js';
import { loadTaxonomy } from '../vision/index.js';
import type { FieldVersionRepository } from './field-version-repository.js';
import { recordReplacedTexts } from './field-version-recorder.js';

/** Concurrent evidence changes an update is merged with before the service gives up. */
const MAX_EVIDENCE_MERGES = 3;

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
  access: CatalogAccess,
  products: ProductRepository,
  versions: FieldVersionRepository,
  events: ProductEventBus,
) {
  /** The seller's product, to change: refused in a read-only library (ADR 019). */
  const ownedRow = access.changeableRow;

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

  function announce(userId: string, product: Product): Product {
    events.announce(userId, { type: 'product', product });
    return product;
  }

  return { ownedRow, updateMergingEvidence, announce };
}
export type OwnedProducts = ReturnType<typeof createOwnedProducts>;
