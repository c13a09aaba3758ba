/**
 * The Google Merchant Center product feed (issue 26), as tab-separated text or RSS 2.0 XML with
 * Google's `g:` namespace, written one product at a time so a feed of any size streams.
 *
 * One item per variant (`item_group_id` the product's id, `id` the product's id and the
 * variant's number, the option values in the title and in Google's variant attributes where an
 * option is one: color, size, material, gender, age_group); a product without variants is one
 * item with its own colour, size and material when known. Text is plain (tags dropped) and cut
 * to Google's limits. `availability` is in_stock: Listsmith does not track stock, as its other
 * exports say (Squarespace Unlimited). `product_type` carries the category path; Listsmith's
 * categories are Shopify's taxonomy, not Google's, so `google_product_category` is left to Google.
 * Rules and limits: src/domain/channels.ts.
 */
import {
  CHANNEL_LIMITS,
  googleIdentifiers,
  googlePrice,
  plainText,
  channelNeeds,
  type ChannelNeed,
} from './channels';
import { exportImages, exportTitle, normalizeVariants, truncateText } from './export-common';
import type { ExportProduct } from './product';

export const GOOGLE_FEED_FORMATS = ['tsv', 'xml'] as const;
export type GoogleFeedFormat = (typeof GOOGLE_FEED_FORMATS)[number];

export const GOOGLE_FEED_COLUMNS = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'condition',
  'brand',
  'gtin',
  'mpn',
  'identifier_exists',
  'item_group_id',
  'color',
  'size',
  'material',
  'gender',
  'age_group',
  'product_type',
] as const;
type GoogleColumn = (typeof GOOGLE_FEED_COLUMNS)[number];
type GoogleItem = Partial<Record<Exclude<GoogleColumn, 'additional_image_link'>, string>> & {
  additional_image_link?: string[];
};

const LIMITS = CHANNEL_LIMITS.google;

/** Google's values for gender and age group; anything else is left out. */
const GENDERS = new Set(['male', 'female', 'unisex']);
const AGE_GROUPS = new Set(['newborn', 'infant', 'toddler', 'kids', 'adult']);

/** Which Google attribute a variant option is, by its name. */
function variantAttribute(
  optionName: string,
): 'color' | 'size' | 'material' | 'gender' | 'age_group' | null {
  const name = optionName.trim().toLowerCase();
  if (name === 'color' || name === 'colour') return 'color';
  if (name === 'size') return 'size';
  if (name === 'material') return 'material';
  if (name === 'gender') return 'gender';
  if (name === 'age group' || name === 'age_group' || name === 'age') return 'age_group';
  return null;
}

function attributeText(value: string | null | undefined, max: number): string {
  return truncateText(plainText(value ?? ''), max);
}

/** Why a product is not in the feed: Google would refuse an item without these. */
export const FEED_EXCLUSIONS = [
  'name',
  'price',
  'photo',
  'product page',
] as const satisfies readonly ChannelNeed[];
export type FeedExclusion = (typeof FEED_EXCLUSIONS)[number];

/** What keeps the product out of the feed (the first of them), or null when it is in. */
export function feedExclusion(product: ExportProduct, link: string | null): FeedExclusion | null {
  const needs = channelNeeds(product, 'google', { hasPage: link !== null });
  return FEED_EXCLUSIONS.find((need) => needs.includes(need)) ?? null;
}

/** The feed's items for one product: one per variant; none when it is excluded. */
export function googleItems(
  product: ExportProduct,
  link: string | null,
  currency: string,
): GoogleItem[] {
  if (link === null || feedExclusion(product, link) !== null) return [];
  const title = plainText(exportTitle(product));
  const [image, ...more] = exportImages(product.images);
  const base: GoogleItem = {
    description: truncateText(plainText(product.description ?? ''), LIMITS.descriptionMax),
    link,
    image_link: image!,
    additional_image_link: more.slice(0, LIMITS.additionalImagesMax),
    availability: 'in_stock',
    condition: product.condition ?? '',
    product_type: attributeText(product.category?.fullName, LIMITS.productTypeMax),
  };
  const id = (product.id ?? '').slice(0, LIMITS.idMax);
  const { optionNames, variants } = normalizeVariants(product);
  if (optionNames.length === 0) {
    const [only] = variants;
    return [
      {
        ...base,
        id,
        title: truncateText(title, LIMITS.titleMax),
        price: googlePrice(only!.price, currency),
        ...identifiers(product, only!.barcode || product.barcode),
        color: attributeText(product.color, LIMITS.attributeMax),
        size: attributeText(product.size, LIMITS.attributeMax),
        material: attributeText(product.material, LIMITS.materialMax),
      },
    ];
  }
  return variants.map((variant, index): GoogleItem => {
    const item: GoogleItem = {
      ...base,
      id: `${id}_${index + 1}`.slice(-LIMITS.idMax),
      title: truncateText(
        `${title} - ${variant.values.filter((value) => value !== '').join(', ')}`,
        LIMITS.titleMax,
      ),
      price: googlePrice(variant.price, currency),
      ...identifiers(product, variant.barcode),
      item_group_id: id,
      color: attributeText(product.color, LIMITS.attributeMax),
      material: attributeText(product.material, LIMITS.materialMax),
    };
    optionNames.forEach((name, i) => {
      const attribute = variantAttribute(name);
      const value = variant.values[i] ?? '';
      if (attribute === null || value === '') return;
      if (attribute === 'gender' || attribute === 'age_group') {
        const wanted = value.toLowerCase();
        const allowed = attribute === 'gender' ? GENDERS : AGE_GROUPS;
        if (allowed.has(wanted)) item[attribute] = wanted;
        return;
      }
      item[attribute] = attributeText(
        value,
        attribute === 'material' ? LIMITS.materialMax : LIMITS.attributeMax,
      );
    });
    return item;
  });
}

function identifiers(product: ExportProduct, gtin: string | null | undefined) {
  const found = googleIdentifiers(attributeText(product.brand, LIMITS.brandMax), gtin);
  return {
    gtin: found.gtin,
    brand: found.brand,
    mpn: found.mpn,
    identifier_exists: found.identifierExists,
  };
}

/** A TSV cell: tabs and line breaks would end it, so all whitespace runs become one space. */
function tsvCell(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function tsvLine(item: GoogleItem): string {
  return (
    GOOGLE_FEED_COLUMNS.map((column) => {
      const value = item[column];
      return tsvCell(Array.isArray(value) ? value.join(',') : (value ?? ''));
    }).join('\t') + '\n'
  );
}

/**
 * XML text: the five special characters escaped; characters XML 1.0 does not allow at all
 * (most control characters, lone surrogates) dropped.
 */
export function xmlEscape(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- characters XML 1.0 forbids are the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!)
  );
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function xmlItem(item: GoogleItem): string {
  const fields = GOOGLE_FEED_COLUMNS.flatMap((column) => {
    const value = item[column];
    const values = Array.isArray(value) ? value : [value ?? ''];
    return values
      .filter((text) => text !== '')
      .map((text) => `<g:${column}>${xmlEscape(text)}</g:${column}>`);
  });
  return `<item>\n${fields.map((field) => `  ${field}\n`).join('')}</item>\n`;
}

export interface GoogleFeedChannel {
  /** The feed's name and the shop it describes (RSS's channel title, link, description). */
  title: string;
  link: string;
  currency: string;
}

/** The feed in `format`: `header`, then `product` for each product, then `footer`. */
export function googleFeedWriter(format: GoogleFeedFormat, channel: GoogleFeedChannel) {
  const line = format === 'tsv' ? tsvLine : xmlItem;
  return {
    header:
      format === 'tsv'
        ? `${GOOGLE_FEED_COLUMNS.join('\t')}\n`
        : '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
          `<title>${xmlEscape(channel.title)}</title>\n` +
          `<link>${xmlEscape(channel.link)}</link>\n` +
          `<description>${xmlEscape(channel.title)}</description>\n`,
    /** The product's items ('' when it is not in the feed). */
    product: (product: ExportProduct, link: string | null): string =>
      googleItems(product, link, channel.currency).map(line).join(''),
    footer: format === 'tsv' ? '' : '</channel>\n</rss>\n',
  };
}

/** The file names of the download. */
export const GOOGLE_FEED_FILE_NAMES: Record<GoogleFeedFormat, string> = {
  tsv: 'google-products.tsv',
  xml: 'google-products.xml',
};

/** The feed's content type. */
export const GOOGLE_FEED_CONTENT_TYPES: Record<GoogleFeedFormat, string> = {
  tsv: 'text/tab-separated-values; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};
