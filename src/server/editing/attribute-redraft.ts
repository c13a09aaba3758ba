/**
 * Attributes a seller confirms (issue 13): when the list changes, the provider drafts the copy
 * again from it through the identify path ('What is this product?'), and every text field the
 * seller has not edited takes the new wording; the category, price and edited fields stay. Words
 * the seller named the product with ('What is this product?') are drafted from again, so
 * confirming a brand does not turn their 'Leather Belt' back into the category's 'Belt'.
 */
import { sameAttributes, type ConfirmedAttribute } from '#domain/product-attributes.js';
import { type IdentifiedListing, sellerWordsIn, type VisionProvider } from '../vision/index.js';
import type { ImageStore } from '../images/storage.js';
import {
  type ProductColumns,
  type ProductRow,
  readDisplayImage,
  type SellerSettingsReader,
  storedConfirmedAttributes,
  storedEvidence,
} from '../catalog/index.js';
import { identifiedColumns } from './identify-columns.js';

/**
 * The listing drafted again for newly confirmed attributes, or null when they did not change,
 * the product is not ready, has no category, or the provider cannot draft from them.
 */
export async function attributeRedraft(
  deps: { provider: VisionProvider; store: ImageStore; settings: SellerSettingsReader },
  userId: string,
  row: ProductRow,
  attributes: ConfirmedAttribute[] | undefined,
  chosen: { id: string; fullName: string } | null,
): Promise<IdentifiedListing | null> {
  const category =
    chosen ??
    (row.categoryId && row.categoryFullName
      ? { id: row.categoryId, fullName: row.categoryFullName }
      : null);
  if (
    attributes === undefined ||
    sameAttributes(attributes, storedConfirmedAttributes(row)) ||
    row.generationState !== 'ready' ||
    !deps.provider.identify ||
    !category
  ) {
    return null;
  }
  const kind = sellerWordsIn(storedEvidence(row).title?.sources);
  return deps.provider.identify({
    image: await readDisplayImage(deps.store, row),
    mimeType: 'image/jpeg',
    ...(kind === undefined ? {} : { kind }),
    category,
    attributes,
    hints: { storeVoice: (await deps.settings.get(userId)).storeVoice },
  });
}

/**
 * The unedited text fields of `row` (its edited fields already those after the patch) in the
 * re-draft's wording, with its evidence and guidance; the category is not confirmed by it.
 */
export function redraftedColumns(row: ProductRow, listing: IdentifiedListing): ProductColumns {
  return identifiedColumns(row, { kind: '', category: null, listing, price: null });
}
