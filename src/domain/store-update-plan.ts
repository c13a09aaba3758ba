/**
 * Which of a listing's fields differ from what its connected store last had (store-fields.ts):
 * the only ones 'Update in Shopify' sends back (ADR 045). They are compared in the listing's
 * terms, through the same readings the import made of the store's values, so a product the
 * seller did not change is up to date even when the store's HTML is richer than its text. Pure:
 * the taxonomy match is passed in.
 */
import { htmlToText, tagsOf } from './catalogue-rows';
import { descriptionToHtml, normalizeTags } from './export-common';
import type { Product } from './products';
import type { StoreFields, StoreUpdateField } from './store-fields';

/**
 * `productUpdate`'s input (Admin API 2026-10 `ProductUpdateInput`) with only the changed fields,
 * and the alt texts to set on the store's media. Never variants, media, options, inventory,
 * collections or metafields.
 */
export interface StoreProductChange {
  /** The store's product GID. */
  id: string;
  product: {
    title?: string;
    descriptionHtml?: string;
    seo?: { title?: string; description?: string };
    tags?: string[];
    category?: string;
  };
  media: { id: string; alt: string }[];
}

/** The listing's current values an update compares. */
export type ListingFields = Pick<
  Product,
  'title' | 'description' | 'seoTitle' | 'seoDescription' | 'tags' | 'category' | 'altText'
>;

export interface StoreUpdatePlan {
  change: StoreProductChange;
  fields: StoreUpdateField[];
  /** What the store has once the change is made: the stored fields with the sent ones. */
  after: StoreFields;
}

/** Text as the description round-trips through the store: whitespace differences are none. */
const canonicalText = (text: string) => htmlToText(descriptionToHtml(text));
const canonicalTags = (tags: readonly string[]) => [...normalizeTags(tags)].sort().join('\n');

/**
 * The fields of `listing` that differ from what the store last had, as one change. A category
 * is compared with what the import made of the store's (its taxonomy category, else its product
 * type, matched by `categoryOf`); a category removed in Listsmith is not removed from the store,
 * and the store's product type is never changed (automated collections may select by it). The
 * alt text is the main image's: the store's first.
 */
export function storeUpdatePlan(
  productGid: string,
  store: StoreFields,
  listing: ListingFields,
  categoryOf: (text: string) => string | null,
): StoreUpdatePlan {
  const change: StoreProductChange = { id: productGid, product: {}, media: [] };
  const fields: StoreUpdateField[] = [];
  const after: StoreFields = { ...store };
  const title = listing.title.trim();
  if (store.title !== undefined && title !== store.title.trim()) {
    change.product.title = title;
    after.title = title;
    fields.push('title');
  }
  if (
    store.descriptionHtml !== undefined &&
    canonicalText(listing.description) !== canonicalText(htmlToText(store.descriptionHtml))
  ) {
    change.product.descriptionHtml = descriptionToHtml(listing.description);
    after.descriptionHtml = change.product.descriptionHtml;
    fields.push('description');
  }
  const seoTitle = listing.seoTitle.trim();
  if (store.seoTitle !== undefined && seoTitle !== store.seoTitle.trim()) {
    change.product.seo = { title: seoTitle };
    after.seoTitle = seoTitle;
    fields.push('seoTitle');
  }
  const seoDescription = listing.seoDescription.trim();
  if (store.seoDescription !== undefined && seoDescription !== store.seoDescription.trim()) {
    change.product.seo = { ...change.product.seo, description: seoDescription };
    after.seoDescription = seoDescription;
    fields.push('seoDescription');
  }
  if (
    store.tags !== undefined &&
    canonicalTags(listing.tags) !== canonicalTags(tagsOf(store.tags.join(',')))
  ) {
    change.product.tags = normalizeTags(listing.tags);
    after.tags = change.product.tags;
    fields.push('tags');
  }
  if (store.category !== undefined && store.productType !== undefined && listing.category) {
    const imported = store.category ?? store.productType.trim();
    const was = imported ? categoryOf(imported) : null;
    if (listing.category.id !== was) {
      change.product.category = listing.category.id;
      after.category = listing.category.id;
      fields.push('category');
    }
  }
  const main = store.images?.[0];
  const alt = listing.altText.trim();
  if (main && alt !== main.alt.trim()) {
    change.media.push({ id: main.id, alt });
    after.images = [{ id: main.id, alt }, ...store.images!.slice(1)];
    fields.push('altText');
  }
  return { change, fields, after };
}
