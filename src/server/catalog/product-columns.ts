/**
 * The columns a write sets on a products row: a generated draft's, the seller's choice of
 * category, the edited fields after a patch. Reading a row is product-row.ts.
 */
import {
  LISTING_DRAFT_LIMITS,
  type DraftCategory,
  type DraftEvidence,
  type FieldEvidence,
  type ListingDraft,
} from '#domain/listing-draft.js';
import { sameAttributes, type ConfirmedAttribute } from '#domain/product-attributes.js';
import { CONFIRMED_CATEGORY_SOURCE, EDITABLE_LISTING_FIELDS } from '#domain/products.js';
import {
  storedAlternatives,
  storedConfirmedAttributes,
  storedEditedFields,
  storedEvidence,
  toCents,
  toCentsOrNull,
  type ProductRow,
} from './product-row.js';

/**
 * The edited fields once a patch is saved: those it changes join the set. A value sent again
 * unchanged (autosave after a blur) edits nothing.
 */
export function editedFieldsAfter(
  row: Pick<
    ProductRow,
    | 'editedFields'
    | 'title'
    | 'description'
    | 'priceCents'
    | 'confirmedAttributes'
    | 'seoTitle'
    | 'seoDescription'
  >,
  patch: {
    title?: string;
    description?: string;
    price?: number;
    confirmedAttributes?: ConfirmedAttribute[];
    seoTitle?: string;
    seoDescription?: string;
  },
): string {
  const edited = new Set(storedEditedFields(row));
  if (
    patch.confirmedAttributes !== undefined &&
    !sameAttributes(patch.confirmedAttributes, storedConfirmedAttributes(row))
  ) {
    edited.add('attributes');
  }
  if (patch.title !== undefined && patch.title !== row.title) edited.add('title');
  if (patch.description !== undefined && patch.description !== row.description) {
    edited.add('description');
  }
  if (patch.price !== undefined && toCents(patch.price) !== row.priceCents) edited.add('price');
  if (patch.seoTitle !== undefined && patch.seoTitle !== row.seoTitle) edited.add('seoTitle');
  if (patch.seoDescription !== undefined && patch.seoDescription !== row.seoDescription) {
    edited.add('seoDescription');
  }
  return JSON.stringify(EDITABLE_LISTING_FIELDS.filter((field) => edited.has(field)));
}

/** The columns a generated draft fills in; its category is the analyzer's, not confirmed. */
export function draftColumns(draft: ListingDraft) {
  return {
    title: draft.title,
    description: draft.description,
    priceCents: toCentsOrNull(draft.price.suggested),
    priceLowCents: toCentsOrNull(draft.price.low),
    priceHighCents: toCentsOrNull(draft.price.high),
    priceBasis: draft.price.basis,
    categoryId: draft.category.id,
    categoryFullName: draft.category.fullName,
    categoryConfidence: draft.category.confidence,
    tags: JSON.stringify(draft.tags),
    attributes: JSON.stringify(draft.attributes),
    altText: draft.altText,
    seoTitle: draft.seoTitle,
    seoDescription: draft.seoDescription,
    categoryAlternatives: JSON.stringify(draft.categoryAlternatives),
    barcode: draft.barcode,
    fieldEvidence: JSON.stringify(draft.evidence),
    guidance: JSON.stringify(draft.guidance),
    categoryConfirmedAt: null,
    // A new draft is nobody's edit.
    editedFields: '[]',
  };
}

/**
 * The columns that record the seller's choice of category: certain from now on, the previous
 * category kept first among the alternatives (so it can be chosen back), never the chosen one
 * twice, at most three. `priceEvidence` replaces the price's evidence when the price moved with
 * the category (category-price.ts).
 */
export function confirmedCategoryColumns(
  row: ProductRow,
  chosen: Omit<DraftCategory, 'confidence'>,
  priceEvidence?: FieldEvidence,
) {
  const previous =
    row.categoryId && row.categoryFullName
      ? [
          {
            id: row.categoryId,
            fullName: row.categoryFullName,
            confidence: Number(row.categoryConfidence ?? 0),
          },
        ]
      : [];
  const seen = new Set([chosen.id]);
  const alternatives = [...previous, ...storedAlternatives(row)].filter((category) => {
    if (seen.has(category.id)) return false;
    seen.add(category.id);
    return true;
  });
  const evidence: DraftEvidence = {
    ...storedEvidence(row),
    category: { confidence: 1, sources: [CONFIRMED_CATEGORY_SOURCE] },
    ...(priceEvidence ? { price: priceEvidence } : {}),
  };
  return {
    categoryId: chosen.id,
    categoryFullName: chosen.fullName,
    categoryConfidence: 1,
    categoryAlternatives: JSON.stringify(
      alternatives.slice(0, LISTING_DRAFT_LIMITS.categoryAlternativesMax),
    ),
    fieldEvidence: JSON.stringify(evidence),
    categoryConfirmedAt: new Date().toISOString(),
  };
}
