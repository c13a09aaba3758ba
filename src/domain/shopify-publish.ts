/**
 * A product as Shopify's `productSet` mutation takes it (GraphQL Admin API 2026-10, stores.md §3.7
 * and its 2026-11 addendum; ADR 024). The same texts as the Shopify CSV (export-shopify.ts): the
 * description's HTML, the fixed vendor, the product type from the category, tags, SEO cut to
 * Shopify's limits, one variant per row (a single 'Default Title' variant at the product's price
 * when there are none). Pure: the files (uploaded images) are passed in.
 */
import {
  descriptionToHtml,
  exportTitle,
  formatPrice,
  normalizeTags,
  normalizeVariants,
  productTypeFromCategory,
  truncateText,
} from './export-common';
import {
  SHOPIFY_DEFAULT_OPTION_NAME,
  SHOPIFY_DEFAULT_OPTION_VALUE,
  SHOPIFY_DEFAULT_VENDOR,
  SHOPIFY_SEO_DESCRIPTION_MAX,
  SHOPIFY_SEO_TITLE_MAX,
} from './export-shopify';
import type { ExportProduct } from './product';
import { slugify, suffixedSlug } from './slug';

/** The status the seller picks in the publish dialog. */
export const PUBLISH_STATUSES = ['draft', 'active'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

/** The spec's default price when a product has none ('0.00'). */
export const SHOPIFY_DEFAULT_PRICE = '0.00';

/** `FileSetInput`: a new image (`originalSource`, a staged upload) or an existing file kept (`id`). */
export type ProductSetFile =
  { originalSource: string; contentType: 'IMAGE'; alt: string; filename: string } | { id: string };

export interface ProductSetOptionValue {
  optionName: string;
  name: string;
}

export interface ProductSetVariant {
  optionValues: ProductSetOptionValue[];
  price: string;
  inventoryPolicy: 'DENY';
  /** The SKU lives on the inventory item since the 2024-04 product model. */
  inventoryItem?: { sku: string };
  barcode?: string;
}

export interface ProductSetInput {
  title: string;
  /** Sent on a first publish only: later ones keep whatever handle the store has. */
  handle?: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  /** A Shopify taxonomy category GID (`gid://shopify/TaxonomyCategory/aa-1-13-8`). */
  category?: string;
  tags: string[];
  seo: { title: string; description: string };
  status: 'DRAFT' | 'ACTIVE';
  productOptions: { name: string; position: number; values: { name: string }[] }[];
  variants: ProductSetVariant[];
  files?: ProductSetFile[];
  /** On an update, what the merchant set in Shopify, sent back (productSet replaces lists). */
  collections?: string[];
  metafields?: ProductSetMetafield[];
}

export interface ProductSetMetafield {
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export interface ProductSetOptions {
  status: PublishStatus;
  /** The product's taxonomy category GID, when it has one. */
  categoryId: string | null;
  files?: ProductSetFile[];
  /** A first publish's {@link publishHandle}. */
  handle?: string;
}

/**
 * The handle a first publish creates the Shopify product with, and upserts by (`productSet`'s
 * `identifier: { handle }`), so a retry after a lost answer updates the product the lost call
 * created instead of making a second one (ADR 024). The title's slug, as the CSV export's
 * handle, plus the first 8 hex digits of our product id: stable across retries, and not a
 * handle a merchant's own product is likely to have.
 */
export function publishHandle(product: ExportProduct, productId: string): string {
  return suffixedSlug(slugify(exportTitle(product)), productId.replace(/-/g, '').slice(0, 8));
}

export function productSetInput(
  product: ExportProduct,
  options: ProductSetOptions,
): ProductSetInput {
  const title = exportTitle(product);
  const { optionNames, variants } = normalizeVariants(product);
  const names = optionNames.length > 0 ? optionNames : [SHOPIFY_DEFAULT_OPTION_NAME];
  const rows = variants.map((variant) =>
    optionNames.length > 0 ? variant.values : [SHOPIFY_DEFAULT_OPTION_VALUE],
  );
  const barcode = product.barcode?.trim();
  const input: ProductSetInput = {
    title,
    ...(options.handle ? { handle: options.handle } : {}),
    descriptionHtml: descriptionToHtml(product.description),
    vendor: SHOPIFY_DEFAULT_VENDOR,
    productType: productTypeFromCategory(product.category),
    ...(options.categoryId ? { category: options.categoryId } : {}),
    tags: normalizeTags(product.tags),
    seo: {
      title: truncateText(product.seoTitle?.trim() || title, SHOPIFY_SEO_TITLE_MAX),
      description: truncateText(
        product.seoDescription?.trim() || product.description,
        SHOPIFY_SEO_DESCRIPTION_MAX,
      ),
    },
    status: options.status === 'active' ? 'ACTIVE' : 'DRAFT',
    productOptions: names.map((name, i) => ({
      name,
      position: i + 1,
      values: [...new Set(rows.map((values) => values[i] ?? ''))].map((value) => ({
        name: value,
      })),
    })),
    variants: variants.map((variant, index) => {
      const own = variant.barcode || (optionNames.length === 0 ? barcode : '');
      return {
        optionValues: names.map((optionName, i) => ({ optionName, name: rows[index]![i] ?? '' })),
        price: formatPrice(variant.price) || SHOPIFY_DEFAULT_PRICE,
        inventoryPolicy: 'DENY',
        ...(variant.sku ? { inventoryItem: { sku: variant.sku } } : {}),
        ...(own ? { barcode: own } : {}),
      };
    }),
  };
  if (options.files) input.files = options.files;
  return input;
}

/** `gid://shopify/Product/123` → `123` (the admin's address uses the number). */
export function shopifyNumericId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}
