/**
 * 'What is this product?' (issue 13): the columns a product gets when the seller names it. Every
 * listing field the seller has not edited is drafted again from their words; the category they
 * stand for is confirmed exactly as the category form (Change) confirms one (so lookalikes learn from
 * it), and the price follows it at the seller's price point unless they typed a price.
 */
import type { DraftEvidence } from '#domain/listing-draft.js';
import type { EditedField } from '#domain/products.js';
import { seoTitleFrom } from '#domain/seo.js';
import { titleCase } from '#domain/text/noun-phrases.js';
import {
  type IdentifiedListing,
  type RepricedColumns,
  searchTaxonomyForKind,
  type Taxonomy,
} from '../vision/index.js';
import {
  confirmedCategoryColumns,
  type ProductColumns,
  type ProductRow,
  storedEditedFields,
  storedEvidence,
  storedGuidance,
} from '../catalog/index.js';

/** The best taxonomy match for the seller's words, or null when none matches. */
export function categoryForWords(taxonomy: Taxonomy, words: string) {
  const [best] = searchTaxonomyForKind(taxonomy.categories, words, 1);
  return best ? { id: best.gid, fullName: best.fullName } : null;
}

export interface Identification {
  /** The seller's words, one line, trimmed. */
  kind: string;
  /** The category to confirm; null when the words match none (the category stays as it is). */
  category: { id: string; fullName: string } | null;
  /** The provider's copy for the words; null when it cannot draft one (the title is the words). */
  listing: IdentifiedListing | null;
  /** The price of the new category; null when it does not change. */
  price: RepricedColumns | null;
}

export function identifiedColumns(row: ProductRow, named: Identification): ProductColumns {
  const edited = new Set(storedEditedFields(row));
  const fresh = (field: EditedField) => !edited.has(field);
  const { listing, category } = named;
  const price = fresh('price') ? named.price : null;
  const evidence: DraftEvidence = { ...storedEvidence(row) };
  const columns: ProductColumns = {};
  // A re-draft that cannot name the product (its category has no plain noun) keeps the title.
  const title = listing?.title || titleCase(named.kind);
  if (fresh('title') && title !== '') {
    columns.title = title;
    if (listing?.title) evidence.title = listing.evidence.title;
  }
  if (listing && fresh('description')) {
    columns.description = listing.description;
    evidence.description = listing.evidence.description;
  }
  if (listing && fresh('tags')) {
    columns.tags = JSON.stringify(listing.tags);
    evidence.tags = listing.evidence.tags;
  }
  if (listing && fresh('altText')) columns.altText = listing.altText;
  // Without the provider's copy the SEO title follows the new title, when that is a draft too.
  const seoTitle = listing?.seoTitle || (fresh('title') ? seoTitleFrom([title]) : '');
  if (fresh('seoTitle') && seoTitle !== '') columns.seoTitle = seoTitle;
  if (listing && fresh('seoDescription')) columns.seoDescription = listing.seoDescription;
  if (price) {
    Object.assign(columns, price.columns);
    evidence.price = price.evidence;
  }
  const withText = { ...row, fieldEvidence: JSON.stringify(evidence) };
  Object.assign(
    columns,
    category
      ? confirmedCategoryColumns(withText, category)
      : { fieldEvidence: withText.fieldEvidence },
  );
  // The new draft's guidance, or the stored items less what naming the product settles; a
  // category the words did not find is still the draft's to confirm.
  const unsettled = storedGuidance(row).filter(
    (item) => item.kind === 'confirm-category' && category === null,
  );
  columns.guidance = JSON.stringify(
    listing
      ? [...listing.guidance.filter((item) => item.kind !== 'confirm-category'), ...unsettled]
      : storedGuidance(row).filter(
          (item) =>
            item.kind !== 'name-product' && (item.kind !== 'confirm-category' || category === null),
        ),
  );
  return columns;
}
