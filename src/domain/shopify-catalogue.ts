/**
 * A connected Shopify store's product, as its Admin GraphQL API lists it (the catalogue page the
 * Shopify capability reads, ADR 044), made into the {@link ImportedProduct} a product file's
 * rows make: the import writes both the same way. Pure: no I/O.
 */
import {
  addImage,
  emptyProduct,
  finished,
  htmlToText,
  priceOf,
  tagsOf,
  variantsOf,
  type ReaderEvent,
} from './catalogue-rows';
import type { StoreStatus } from './product-status';
import type { StoreFields } from './store-fields';

/** The fields of a store product the import reads (Admin API 2026-10 names). */
export interface StoreCatalogueProduct {
  /** `gid://shopify/Product/…` */
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  productType: string;
  status: string;
  tags: string[];
  /** Shopify's standard product taxonomy category, when the merchant set one. */
  category: { id: string; fullName: string } | null;
  seo: { title: string | null; description: string | null };
  /** Its images in order; `mediaId` is the MediaImage GID an alt text update names. */
  images: { mediaId: string; url: string; altText: string | null }[];
  /** Option names in order; Shopify's single 'Title' option means no variants. */
  options: string[];
  variants: {
    price: string;
    sku: string | null;
    barcode: string | null;
    selectedOptions: { name: string; value: string }[];
  }[];
}

export interface StoreCataloguePage {
  products: StoreCatalogueProduct[];
  /** The cursor of the next page; null after the last. */
  next: string | null;
}

/**
 * Where a store product came from, as productSources keeps it: the shop and the product's GID,
 * so the same product of the same store is found again, and another store's never is.
 */
export const storeSourceKey = (shop: string, productGid: string) => `${shop}/${productGid}`;

function statusOf(status: string): StoreStatus {
  const value = status.toLowerCase();
  return value === 'draft' || value === 'archived' ? value : 'active';
}

/** The store product as an imported one; `position` is its place in the store's listing. */
export function importedFromStore(
  shop: string,
  product: StoreCatalogueProduct,
  position: number,
): ReaderEvent {
  const imported = emptyProduct(storeSourceKey(shop, product.id), position);
  imported.title = product.title.trim();
  imported.description = htmlToText(product.descriptionHtml);
  // Shopify's tags never hold a comma: the file readers' rule (trimmed, each once) applies.
  imported.tags = tagsOf(product.tags.join(','));
  // The taxonomy's GID when Shopify gives one (the import matches it exactly); else the type.
  imported.category = product.category?.id ?? (product.productType.trim() || null);
  imported.seoTitle = product.seo.title?.trim() ?? '';
  imported.seoDescription = product.seo.description?.trim() ?? '';
  imported.storeStatus = statusOf(product.status);
  imported.storeFields = storeFieldsOf(product);
  for (const image of product.images) addImage(imported, image.url, image.altText ?? '');
  imported.price = priceOf(product.variants[0]?.price ?? '');
  const names =
    product.options.length === 1 && product.options[0] === 'Title' ? [] : product.options;
  imported.variants = variantsOf({
    names,
    rows: product.variants.map((variant) => ({
      values: names.map(
        (name) => variant.selectedOptions.find((option) => option.name === name)?.value ?? '',
      ),
      price: priceOf(variant.price),
      sku: variant.sku ?? '',
      barcode: variant.barcode,
    })),
  });
  return finished(imported);
}

/** The fields as the import read them from the store. */
export function storeFieldsOf(product: StoreCatalogueProduct): StoreFields {
  return {
    title: product.title,
    descriptionHtml: product.descriptionHtml,
    seoTitle: product.seo.title ?? '',
    seoDescription: product.seo.description ?? '',
    tags: product.tags,
    productType: product.productType,
    category: product.category?.id ?? null,
    images: product.images.map((image) => ({ id: image.mediaId, alt: image.altText ?? '' })),
  };
}
