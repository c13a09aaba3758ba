/**
 * Export-facing product model: the small, store-neutral shape the CSV exporters
 * (`export-shopify.ts`, `export-squarespace.ts`) read. Whatever a feature stores (review list,
 * library, server record) is mapped onto this before exporting; the exporters never see
 * storage details.
 */
import type { ExportSource } from './export-source';
import type { ProductCondition } from './product-condition';
import type { StoreStatus } from './product-status';

/** One option of a variant, e.g. `{ name: 'Size', value: 'Small' }`. */
export interface ExportVariantOption {
  name: string;
  value: string;
}

/** A purchasable variant of a product (one row per variant in both CSV formats). */
export interface ExportVariant {
  /**
   * Option values in a stable order (Size, Colour, …). Both platforms take at most three
   * options; option names beyond the third are ignored by the exporters.
   */
  options: ExportVariantOption[];
  /** Variant price. `undefined`/`null` means "inherit the product's price". */
  price?: number | null;
  sku?: string;
  /** The variant's GTIN (UPC/EAN); Shopify's Variant Barcode. */
  barcode?: string | null;
}

/** The product's category from the Shopify Standard Product Taxonomy. */
export interface ExportCategory {
  /** Full path, e.g. `'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs'`. */
  fullName: string;
}

export interface ExportProduct {
  title: string;
  /** Plain text; blank lines separate paragraphs. The exporters turn it into HTML. */
  description: string;
  /**
   * Price in the store's currency. Written with two decimals only when it is a finite number
   * ≥ 0; anything else (null, NaN, negative) leaves the price cell empty.
   */
  price: number | null;
  /**
   * Image URLs, first is the main image. Must be absolute, publicly fetchable URLs: the store
   * downloads them at import time.
   */
  images: string[];
  /** Alt text for the images; the title is used when absent. */
  imageAltText?: string;
  /** Search engine title (Shopify only); the title, cut to 70 characters, when absent. */
  seoTitle?: string;
  /** Search engine description (Shopify only); the description, cut to 320, when absent. */
  seoDescription?: string;
  category?: ExportCategory | null;
  tags?: string[];
  /**
   * The product's GTIN (UPC/EAN). A GTIN names one sellable item, so only the default variant
   * of a product without variants gets it; variants carry their own.
   */
  barcode?: string | null;
  /** No variants (or none with options) → a single default variant at the product price. */
  variants?: ExportVariant[];
  /** The status the store gives the listing; absent → active (visible). */
  storeStatus?: StoreStatus;
  /**
   * Where the product was imported from: a file of that format writes back its handle / store
   * ids so the store updates it (ADR 046). Absent → a new handle and no store ids.
   */
  source?: ExportSource | null;
  /** Our product id: the feed's stable item id (the CSVs do not write it). */
  id?: string;
  /** Null or absent: the seller has not said. */
  condition?: ProductCondition | null;
  brand?: string | null;
  /** The product's one colour, material and size when known (feeds' attributes). */
  color?: string | null;
  material?: string | null;
  size?: string | null;
}
