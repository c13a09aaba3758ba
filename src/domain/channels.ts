/**
 * What each channel needs before a product goes to it (issue 26): the one place that says so,
 * read by the card and the library ('Google needs: brand or GTIN, condition'), the downloads'
 * ask-first dialogs and the Google feed. Pure functions over the export-facing product.
 *
 * Sources: Shopify's product CSV (Title and Variant Price required, 255-character titles,
 * 2,048 variants), Squarespace's import (Title and Price, 250 variants), WooCommerce's importer
 * (Name; a product without a Regular price cannot be bought), Google Merchant Center's product
 * data specification (title ≤ 150, description ≤ 5,000, image_link, price, condition, brand or
 * GTIN or MPN, else `identifier_exists` no; GTINs with a correct GS1 check digit; plain text).
 */
import {
  exportImages,
  exportTitle,
  formatPrice,
  isValidPrice,
  normalizeVariants,
} from './export-common';
import { isValidGtin } from './gtin';
import { LISTING_DRAFT_LIMITS } from './listing-draft';
import { listWithAnd } from './text/english';
import type { ExportProduct } from './product';
import { SQUARESPACE_VARIANT_LIMIT, VARIANT_LIMITS } from './variants';

export const CHANNELS = ['shopify', 'squarespace', 'woocommerce', 'google'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_NAMES: Record<Channel, string> = {
  shopify: 'Shopify',
  squarespace: 'Squarespace',
  woocommerce: 'WooCommerce',
  google: 'Google',
};

/** What a channel can ask for, in the words the card shows, in the order it lists them. */
export const CHANNEL_NEEDS = [
  'name',
  'price',
  'description',
  'photo',
  'brand or GTIN',
  'valid GTIN',
  'condition',
  'product page',
  'fewer variants',
] as const;
export type ChannelNeed = (typeof CHANNEL_NEEDS)[number];

/** Each channel's limits; texts longer than these are shortened on the way out, not refused. */
export const CHANNEL_LIMITS = {
  shopify: { titleMax: 255, variantsMax: VARIANT_LIMITS.rows },
  squarespace: { titleMax: 200, variantsMax: SQUARESPACE_VARIANT_LIMIT },
  woocommerce: {
    titleMax: 200,
    variantsMax: VARIANT_LIMITS.rows,
    /** As many as a listing is drafted with: each tag costs the publish a lookup, maybe a create. */
    tagsMax: LISTING_DRAFT_LIMITS.tagsMax,
    /** WordPress's term name column (`wp_terms.name varchar(200)`): longer ones fail to insert. */
    tagMax: 200,
  },
  google: {
    titleMax: 150,
    descriptionMax: 5000,
    idMax: 50,
    linkMax: 2000,
    additionalImagesMax: 10,
    brandMax: 70,
    mpnMax: 70,
    attributeMax: 100,
    materialMax: 200,
    productTypeMax: 750,
    variantsMax: VARIANT_LIMITS.rows,
  },
} as const;

export interface ChannelContext {
  /**
   * Whether the product has a page a shopper can land on (Google's `link`): known only where the
   * seller's feed settings and publications are read. Undefined: not checked.
   */
  hasPage?: boolean;
}

function hasDescription(product: ExportProduct): boolean {
  return plainText(product.description ?? '').trim() !== '';
}

/** The product's GTINs: its own without variants, else each variant's (empty ones skipped). */
function gtins(product: ExportProduct): string[] {
  const { optionNames, variants } = normalizeVariants(product);
  const own = optionNames.length === 0 ? [product.barcode ?? ''] : [];
  return [...own, ...variants.map((variant) => variant.barcode)]
    .map((code) => code.trim())
    .filter((code) => code !== '');
}

/** Every variant has a price (its own or the product's). */
function priced(product: ExportProduct): boolean {
  return normalizeVariants(product).variants.every((variant) => isValidPrice(variant.price));
}

/** What `channel` still needs of the product, in a fixed order; empty when it can go. */
export function channelNeeds(
  product: ExportProduct,
  channel: Channel,
  context: ChannelContext = {},
): ChannelNeed[] {
  const needs = new Set<ChannelNeed>();
  if (exportTitle(product) === '') needs.add('name');
  if (!priced(product)) needs.add('price');
  if (normalizeVariants(product).variants.length > CHANNEL_LIMITS[channel].variantsMax) {
    needs.add('fewer variants');
  }
  if (channel === 'google') {
    if (!hasDescription(product)) needs.add('description');
    if (exportImages(product.images).length === 0) needs.add('photo');
    const codes = gtins(product);
    if (codes.some((code) => !isValidGtin(code))) needs.add('valid GTIN');
    const brand = (product.brand ?? '').trim();
    if (brand === '' && !codes.some(isValidGtin)) needs.add('brand or GTIN');
    if (!product.condition) needs.add('condition');
    if (context.hasPage === false) needs.add('product page');
  }
  return CHANNEL_NEEDS.filter((need) => needs.has(need));
}

export interface ChannelNeeds {
  channel: Channel;
  needs: ChannelNeed[];
}

/**
 * The card's lines about the channels: what the readiness chip already asks for ('Needs: a name,
 * a price') left out, and channels needing the same things on one line ('Shopify and WooCommerce
 * need: description'), so the card stays short.
 */
export function describeChannelLines(
  missing: readonly ChannelNeeds[],
  alreadyAsked: readonly ChannelNeed[],
): string[] {
  const byNeeds = new Map<string, Channel[]>();
  for (const { channel, needs } of missing) {
    const rest = needs.filter((need) => !alreadyAsked.includes(need));
    if (rest.length === 0) continue;
    const key = rest.join(', ');
    byNeeds.set(key, [...(byNeeds.get(key) ?? []), channel]);
  }
  return [...byNeeds].map(([needs, channels]) => {
    const names = listWithAnd(channels.map((channel) => CHANNEL_NAMES[channel]));
    return `${names} ${channels.length === 1 ? 'needs' : 'need'}: ${needs}`;
  });
}

/** The channels that still need something of the product, each with what it needs. */
export function missingByChannel(
  product: ExportProduct,
  channels: readonly Channel[] = CHANNELS,
  context: ChannelContext = {},
): ChannelNeeds[] {
  return channels
    .map((channel) => ({ channel, needs: channelNeeds(product, channel, context) }))
    .filter(({ needs }) => needs.length > 0);
}

/**
 * Text without markup, as Google wants it: tags dropped, the few entities a seller may type
 * decoded, control characters (except line breaks and tabs) removed.
 */
export function plainText(text: string): string {
  return (
    text
      .replace(/<\s*br\s*\/?>/gi, '\n')
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
  );
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/**
 * Google's price: two decimals, a space, the ISO 4217 currency ('15.00 USD'); '' when the price
 * is not a valid one.
 */
export function googlePrice(price: number | null | undefined, currency: string): string {
  if (!isValidPrice(price)) return '';
  return `${formatPrice(price)} ${currency}`;
}

/** Google's identifiers for one item: a GTIN with a correct check digit, the brand, or neither. */
export function googleIdentifiers(
  brand: string | null | undefined,
  gtin: string | null | undefined,
  mpn: string | null | undefined = null,
): { gtin: string; brand: string; mpn: string; identifierExists: 'no' | '' } {
  const code = (gtin ?? '').trim();
  const valid = isValidGtin(code) ? code : '';
  const name = (brand ?? '').trim();
  const part = (mpn ?? '').trim();
  return {
    gtin: valid,
    brand: name,
    mpn: part,
    identifierExists: valid === '' && name === '' && part === '' ? 'no' : '',
  };
}

/** How many products of a download lack each thing the channel needs. */
export type ChannelShortfall = { need: ChannelNeed; count: number }[];

/** Counts, product by product, what `channel` needs; add with {@link addToShortfall}. */
export function addToShortfall(
  shortfall: ChannelShortfall,
  needs: readonly ChannelNeed[],
): ChannelShortfall {
  for (const need of needs) {
    const entry = shortfall.find((item) => item.need === need);
    if (entry) entry.count += 1;
    else shortfall.push({ need, count: 1 });
  }
  return shortfall.sort((a, b) => CHANNEL_NEEDS.indexOf(a.need) - CHANNEL_NEEDS.indexOf(b.need));
}

/**
 * What the download's products lack for the channel, said in the ask-first dialog:
 * 'WooCommerce needs: price (2 products), condition (1 product).'; null when nothing.
 */
export function describeChannelShortfall(
  channel: Channel,
  shortfall: ChannelShortfall,
): string | null {
  if (shortfall.length === 0) return null;
  const items = shortfall.map(
    ({ need, count }) => `${need} (${count} ${count === 1 ? 'product' : 'products'})`,
  );
  return `${CHANNEL_NAMES[channel]} needs: ${items.join(', ')}.`;
}
