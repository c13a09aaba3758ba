/**
 * A product as eBay's Sell Inventory API takes it (issue 27, ADR 049): the inventory item
 * (`PUT /sell/inventory/v1/inventory_item/{sku}`) and its offer (`POST|PUT /offer`), and what
 * eBay needs before anything is sent. Pure: the category's aspects, the seller's policies and
 * location are passed in.
 *
 * Sources: eBay's sell_inventory_v1_oas3 (InventoryItem, Product, EbayOfferDetailsWithKeys,
 * PricingSummary.price `{value, currency}` as strings), 'Item condition ID and name values'
 * (1000 NEW, 2500 SELLER_REFURBISHED, 3000 USED_EXCELLENT = 'Used'), and eBay's 80-character
 * listing title. The SKU is our product id (≤ 50 characters): a retry after a lost answer finds
 * the same item and its offer instead of making a second one.
 */
import {
  collapseWhitespace,
  descriptionToHtml,
  exportImages,
  exportTitle,
  formatPrice,
  isValidPrice,
  normalizeVariants,
} from './export-common';
import { isValidGtin } from './gtin';
import type { ExportProduct } from './product';
import { attributeValue, type ConfirmedAttribute } from './product-attributes';
import type { ProductCondition } from './product-condition';

export const EBAY_MARKETPLACE = 'EBAY_US';
export const EBAY_CURRENCY = 'USD';
export const EBAY_CONTENT_LANGUAGE = 'en-US';

export const EBAY_LIMITS = {
  titleMax: 80,
  skuMax: 50,
  /** Product.description (plain text); the offer's listingDescription takes the HTML. */
  productDescriptionMax: 4000,
  imagesMax: 24,
  /** An aspect value (item specific) is at most 65 characters. */
  aspectValueMax: 65,
  quantityMax: 10_000,
} as const;

export const EBAY_CONDITIONS = {
  new: 'NEW',
  used: 'USED_EXCELLENT',
  refurbished: 'SELLER_REFURBISHED',
} as const satisfies Record<ProductCondition, string>;
export type EbayCondition = (typeof EBAY_CONDITIONS)[ProductCondition];

/** 'Publish as draft' leaves the offer unpublished; 'List now' publishes it. */
export const EBAY_PUBLISH_STATUSES = ['draft', 'live'] as const;
export type EbayPublishStatus = (typeof EBAY_PUBLISH_STATUSES)[number];

export const ebayCondition = (condition: ProductCondition | null | undefined) =>
  condition ? EBAY_CONDITIONS[condition] : null;

/**
 * The title cut to eBay's 80 characters at a word (no ellipsis: it would cost a character
 * buyers search by); a single word longer than that is cut where it must be.
 */
export function ebayTitle(title: string): string {
  const clean = collapseWhitespace(title);
  const chars = Array.from(clean);
  if (chars.length <= EBAY_LIMITS.titleMax) return clean;
  const cut = chars.slice(0, EBAY_LIMITS.titleMax + 1).join('');
  const space = cut.lastIndexOf(' ');
  const kept = space > 0 ? cut.slice(0, space) : chars.slice(0, EBAY_LIMITS.titleMax).join('');
  return kept.replace(/[\s.,;:!?&/-]+$/u, '');
}

/** The price as eBay takes it: two decimals as a string, or '' when there is none to list. */
export function ebayPrice(price: number | null | undefined): string {
  return isValidPrice(price) && price > 0 ? formatPrice(price) : '';
}

/** One of a category's aspects (Taxonomy API `getItemAspectsForCategory`), as we keep it. */
export interface EbayAspect {
  name: string;
  required: boolean;
  /** SELECTION_ONLY: only one of `values` is accepted. */
  mode: 'FREE_TEXT' | 'SELECTION_ONLY';
  multi: boolean;
  values: string[];
}

/** What Listsmith knows of a product that can fill an aspect. */
export interface KnownFacts {
  brand: string | null;
  color: string | null;
  material: string | null;
  size: string | null;
  /** The seller's confirmed attributes: a chip the seller filled is one of these. */
  confirmed: readonly ConfirmedAttribute[];
}

export function knownFacts(
  product: ExportProduct,
  confirmed: readonly ConfirmedAttribute[],
): KnownFacts {
  const text = (value: string | null | undefined) => collapseWhitespace(value ?? '') || null;
  return {
    brand: text(product.brand),
    color: text(product.color),
    material: text(product.material),
    size: text(product.size),
    confirmed,
  };
}

const FACT_BY_ASPECT: Readonly<Record<string, keyof Omit<KnownFacts, 'confirmed'>>> = {
  brand: 'brand',
  color: 'color',
  colour: 'color',
  material: 'material',
  size: 'size',
};

/**
 * The value Listsmith would send for an aspect: the seller's confirmed attribute of that name
 * first, else brand from the label, the colour, material or size. For a SELECTION_ONLY aspect
 * only one of eBay's values counts (matched ignoring case, sent in eBay's spelling).
 */
export function knownAspectValue(aspect: EbayAspect, facts: KnownFacts): string | null {
  const fact = FACT_BY_ASPECT[aspect.name.toLowerCase()];
  const value = attributeValue(facts.confirmed, aspect.name) ?? (fact ? facts[fact] : null);
  if (!value) return null;
  if (aspect.mode === 'FREE_TEXT')
    return Array.from(value).slice(0, EBAY_LIMITS.aspectValueMax).join('');
  const wanted = value.toLowerCase();
  return aspect.values.find((allowed) => allowed.toLowerCase() === wanted) ?? null;
}

/** The aspects sent with the item: every one Listsmith has a value for. */
export function aspectValues(
  aspects: readonly EbayAspect[],
  facts: KnownFacts,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const aspect of aspects) {
    const value = knownAspectValue(aspect, facts);
    if (value) out[aspect.name] = [value];
  }
  return out;
}

/** eBay's required aspects Listsmith has no (acceptable) value for. */
export function missingAspects(aspects: readonly EbayAspect[], facts: KnownFacts): string[] {
  return aspects.filter((a) => a.required && !knownAspectValue(a, facts)).map((a) => a.name);
}

/** What eBay needs that the product lacks, in the order the dialog lists them. */
export function ebayNeeds(
  product: ExportProduct,
  aspects: readonly EbayAspect[],
  facts: KnownFacts,
): string[] {
  const needs: string[] = [];
  if (exportTitle(product) === '') needs.push('title');
  if (ebayPrice(product.price) === '') needs.push('price');
  if (!product.condition) needs.push('condition');
  if (exportImages(product.images).length === 0) needs.push('photo');
  if (normalizeVariants(product).optionNames.length > 0) needs.push('no variants');
  return [...needs, ...missingAspects(aspects, facts)];
}

/** 'eBay needs before “Belt” can be listed: condition, Brand.' */
export function describeEbayNeeds(title: string, needs: readonly string[]): string {
  const name = exportTitle({ title } as ExportProduct) || 'this product';
  return `eBay needs before “${name}” can be listed: ${needs.join(', ')}.`;
}

export interface EbayInventoryItem {
  availability: { shipToLocationAvailability: { quantity: number } };
  condition: EbayCondition;
  product: {
    title: string;
    description: string;
    aspects: Record<string, string[]>;
    imageUrls: string[];
    brand?: string;
    upc?: string[];
    ean?: string[];
  };
}

/** The inventory item (createOrReplaceInventoryItem replaces it whole: every field each time). */
export function inventoryItemPayload(
  product: ExportProduct,
  options: { condition: EbayCondition; aspects: Record<string, string[]>; quantity: number },
): EbayInventoryItem {
  const plain = collapseWhitespace(product.description ?? '');
  const gtin = (product.barcode ?? '').trim();
  const brand = options.aspects.Brand?.[0];
  return {
    availability: { shipToLocationAvailability: { quantity: options.quantity } },
    condition: options.condition,
    product: {
      title: ebayTitle(exportTitle(product)),
      description: Array.from(plain).slice(0, EBAY_LIMITS.productDescriptionMax).join(''),
      aspects: options.aspects,
      imageUrls: exportImages(product.images).slice(0, EBAY_LIMITS.imagesMax),
      ...(brand ? { brand } : {}),
      ...(isValidGtin(gtin) && gtin.length === 12 ? { upc: [gtin] } : {}),
      ...(isValidGtin(gtin) && (gtin.length === 13 || gtin.length === 8) ? { ean: [gtin] } : {}),
    },
  };
}

export interface EbayPolicies {
  fulfillmentPolicyId: string;
  paymentPolicyId: string;
  returnPolicyId: string;
}

export interface EbayOffer {
  sku: string;
  marketplaceId: typeof EBAY_MARKETPLACE;
  format: 'FIXED_PRICE';
  availableQuantity: number;
  categoryId: string;
  listingDescription: string;
  listingPolicies: EbayPolicies;
  merchantLocationKey: string;
  pricingSummary: { price: { value: string; currency: typeof EBAY_CURRENCY } };
}

/** The offer: the price exactly as the seller saw it, two decimals, in US dollars. */
export function offerPayload(
  product: ExportProduct,
  options: {
    sku: string;
    categoryId: string;
    policies: EbayPolicies;
    merchantLocationKey: string;
    quantity: number;
  },
): EbayOffer {
  return {
    sku: options.sku,
    marketplaceId: EBAY_MARKETPLACE,
    format: 'FIXED_PRICE',
    availableQuantity: options.quantity,
    categoryId: options.categoryId,
    listingDescription: descriptionToHtml(product.description ?? ''),
    listingPolicies: {
      fulfillmentPolicyId: options.policies.fulfillmentPolicyId,
      paymentPolicyId: options.policies.paymentPolicyId,
      returnPolicyId: options.policies.returnPolicyId,
    },
    merchantLocationKey: options.merchantLocationKey,
    pricingSummary: { price: { value: ebayPrice(product.price), currency: EBAY_CURRENCY } },
  };
}
