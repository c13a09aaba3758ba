/**
 * A product as WooCommerce's REST API v3 takes it (`POST /wp-json/wc/v3/products`, its
 * variations, categories and tags; issue 26, ADR 039). Pure: the category and tag ids and the
 * images are passed in. The same texts as the other channels: the description's HTML, the price with two
 * decimals as the *regular* price (never the sale price), the options of ADR 022 as attributes
 * used for variations, one variation per variant row. Our product id is the product's SKU: a
 * publish looks it up before creating, so a retry after a lost answer updates instead of
 * duplicating.
 */
import { CHANNEL_LIMITS } from './channels';
import {
  collapseWhitespace,
  descriptionToHtml,
  escapeHtml,
  exportTitle,
  formatPrice,
  normalizeTags,
  normalizeVariants,
  truncateText,
} from './export-common';
import type { ExportCategory, ExportProduct } from './product';
import type { PublishStatus } from './shopify-publish';

/** An image: a new one the store downloads from `src`, or one it holds, kept by `id`. */
export type WooImageInput = { src: string; name: string; alt: string } | { id: number };

export interface WooAttributeInput {
  name: string;
  position: number;
  visible: boolean;
  variation: boolean;
  options: string[];
}

export interface WooProductInput {
  name: string;
  type: 'simple' | 'variable';
  status: 'draft' | 'publish';
  sku: string;
  description: string;
  short_description: string;
  /** A simple product's price; a variable product's prices are its variations'. */
  regular_price?: string;
  /** The GTIN (WooCommerce 9.2+ 'GTIN, UPC, EAN or ISBN'), for a simple product. */
  global_unique_id?: string;
  categories: { id: number }[];
  /** Always the full list: WooCommerce replaces the product's tags with these (none clears them). */
  tags: { id: number }[];
  attributes: WooAttributeInput[];
  /** Absent on an update whose images did not change: the store keeps its gallery. */
  images?: WooImageInput[];
}

export interface WooVariationInput {
  regular_price: string;
  sku?: string;
  global_unique_id?: string;
  attributes: { name: string; option: string }[];
}

/** WooCommerce's product short description: the SEO description, cut as Shopify's is. */
export const WOO_SHORT_DESCRIPTION_MAX = 320;

export const wooStatus = (status: PublishStatus): WooProductInput['status'] =>
  status === 'active' ? 'publish' : 'draft';

/** 'A > B > C' → ['A', 'B', 'C']: the categories a product goes in, parent first. */
export function categoryPath(category: ExportCategory | null | undefined): string[] {
  return (category?.fullName ?? '')
    .split('>')
    .map(collapseWhitespace)
    .filter((name) => name !== '');
}

/**
 * The tag names a product is published with: the CSV exports' tags (trimmed, each once ignoring
 * case), each cut to what WordPress can store, at most {@link CHANNEL_LIMITS.woocommerce.tagsMax}.
 */
export function wooTagNames(product: ExportProduct): string[] {
  const { tagsMax, tagMax } = CHANNEL_LIMITS.woocommerce;
  const cut = normalizeTags(product.tags).map((tag) => truncateText(tag, tagMax));
  // Again: cutting can make two long tags one.
  return normalizeTags(cut).slice(0, tagsMax);
}

/** One variation's option values, compared without case (how a re-publish finds it again). */
export function variationKey(attributes: readonly { name: string; option: string }[]): string {
  return JSON.stringify(
    attributes
      .map((attribute) => [attribute.name.toLowerCase(), attribute.option.toLowerCase()])
      .sort(),
  );
}

export function wooProductInput(
  product: ExportProduct,
  options: {
    sku: string;
    status: PublishStatus;
    categoryIds: number[];
    tagIds: number[];
    images?: WooImageInput[];
  },
): WooProductInput {
  const { optionNames, variants } = normalizeVariants(product);
  const variable = optionNames.length > 0;
  const short = collapseWhitespace(product.seoDescription ?? '');
  const input: WooProductInput = {
    name: exportTitle(product),
    type: variable ? 'variable' : 'simple',
    status: wooStatus(options.status),
    sku: options.sku,
    description: descriptionToHtml(product.description),
    short_description: short
      ? `<p>${escapeHtml(truncateText(short, WOO_SHORT_DESCRIPTION_MAX))}</p>`
      : '',
    categories: options.categoryIds.map((id) => ({ id })),
    tags: options.tagIds.map((id) => ({ id })),
    attributes: optionNames.map((name, i) => ({
      name,
      position: i,
      visible: true,
      variation: true,
      options: [...new Set(variants.map((variant) => variant.values[i] ?? '').filter(Boolean))],
    })),
  };
  if (!variable) {
    const price = formatPrice(variants[0]?.price ?? product.price);
    if (price) input.regular_price = price;
    const barcode = product.barcode?.trim() || variants[0]?.barcode;
    if (barcode) input.global_unique_id = barcode;
  }
  if (options.images) input.images = options.images;
  return input;
}

/** The variations of a product with variants (none for a simple product). */
export function wooVariations(product: ExportProduct): WooVariationInput[] {
  const { optionNames, variants } = normalizeVariants(product);
  if (optionNames.length === 0) return [];
  return variants.map((variant) => ({
    regular_price: formatPrice(variant.price ?? product.price),
    ...(variant.sku ? { sku: variant.sku } : {}),
    ...(variant.barcode ? { global_unique_id: variant.barcode } : {}),
    attributes: optionNames
      .map((name, i) => ({ name, option: variant.values[i] ?? '' }))
      .filter((attribute) => attribute.option !== ''),
  }));
}

export const INVALID_STORE_URL_MESSAGE =
  'Enter your store’s address, like https://shop.example.com.';

/**
 * A store address as typed → its normal form (`https://shop.example.com` or, for WordPress in a
 * folder, `https://example.com/shop`), or null. No query, fragment, user or trailing slash.
 * `http:` only when `allowHttp` says the host may be reached without TLS (the server decides:
 * WooCommerce refuses Basic auth without https).
 */
export function normalizeStoreUrl(
  input: string,
  allowHttp: (host: string) => boolean = () => false,
): string | null {
  const typed = input.trim();
  if (typed === '' || typed.length > 300) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'http:' && !allowHttp(url.hostname)) return null;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/** WooCommerce answers names and messages HTML-escaped ('Home &amp; Garden'): the text back. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&#8217;/g, '’')
    .replace(/&amp;/g, '&');
}
