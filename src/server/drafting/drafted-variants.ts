/**
 * The variants proposed with a new draft (premium only, at generation time): from the draft's
 * category and photo colour and the attributes the seller confirmed (src/domain/variant-drafting.ts).
 */
import type { ListingDraft } from '#domain/listing-draft.js';
import type { ConfirmedAttribute } from '#domain/product-attributes.js';
import { draftVariants } from '#domain/variant-drafting.js';
import { categoryAttributes } from '../vision/index.js';

export function draftedVariantsColumn(
  draft: Pick<ListingDraft, 'category' | 'attributes'>,
  confirmedAttributes: readonly ConfirmedAttribute[],
): { variants: string } {
  const categoryId = draft.category.id;
  const shortId = categoryId.slice(categoryId.lastIndexOf('/') + 1);
  const variants = draftVariants({
    categoryId,
    categoryAttributeNames: categoryAttributes(shortId).map((attribute) => attribute.name),
    photoColors: draft.attributes.colors,
    confirmedAttributes,
  });
  return { variants: JSON.stringify(variants) };
}
