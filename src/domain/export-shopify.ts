/**
 * Shopify product CSV (spec §5 and §9; stores.md §1). The 48 columns are Shopify's 2021–22
 * template ("version C", stores.md §1.2), identical to the official sample in
 * `shared/fixtures/csv/shopify_template_2021_48col__MaximeLaroche.csv`.
 *
 * Row model (stores.md §1.4):
 * - the first row of a product carries the product fields (Title, Body, Vendor, Type, Tags,
 *   Published, option names, image 1, Gift Card, SEO, Status) and the first variant;
 * - each further variant gets a row with only the Handle, its option values and the variant
 *   fields;
 * - each image after the first gets a row with only Handle, Image Src, Image Position and
 *   Image Alt Text.
 * A product without variants is a single variant `Option1 Name=Title`, `Option1 Value=Default
 * Title`.
 *
 * Fixed values: Published TRUE, Status active (unless the product says otherwise), Variant Inventory Policy deny, Variant
 * Fulfillment Service manual, Requires Shipping/Taxable TRUE, Gift Card FALSE, Variant Weight
 * Unit g. Inventory is not tracked (Tracker/Qty empty): with tracking on, a quantity of 0 and
 * policy deny the product could not be sold. Variant Barcode carries each variant's GTIN, or the
 * product's when it has no variants. Weight (Variant Grams), compare-at price, cost and the Google Shopping
 * columns are left empty — Listsmith does not know them, and empty cells leave the merchant's
 * existing values alone on an overwrite import.
 */
import { toCsv, csvNumber, csvRecord, CSV_LINE_SEPARATOR, type CsvValue } from './csv';
import {
  descriptionToHtml,
  exportFileName,
  exportImages,
  exportTitle,
  exportableProducts,
  isExportable,
  formatPrice,
  imageAltText,
  normalizeTags,
  normalizeVariants,
  productTypeFromCategory,
  collapseWhitespace,
  truncateText,
} from './export-common';
import type { ExportProduct } from './product';
import { uniqueSlugMaker } from './slug';

export const SHOPIFY_CSV_HEADERS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Google Shopping / Google Product Category',
  'Google Shopping / Gender',
  'Google Shopping / Age Group',
  'Google Shopping / MPN',
  'Google Shopping / AdWords Grouping',
  'Google Shopping / AdWords Labels',
  'Google Shopping / Condition',
  'Google Shopping / Custom Product',
  'Google Shopping / Custom Label 0',
  'Google Shopping / Custom Label 1',
  'Google Shopping / Custom Label 2',
  'Google Shopping / Custom Label 3',
  'Google Shopping / Custom Label 4',
  'Variant Image',
  'Variant Weight Unit',
  'Variant Tax Code',
  'Cost per item',
  'Status',
] as const;

export type ShopifyCsvHeader = (typeof SHOPIFY_CSV_HEADERS)[number];
type ShopifyRow = Partial<Record<ShopifyCsvHeader, CsvValue>>;

/** The vendor written when none is given (the spec's "fixed vendor name"). */
export const SHOPIFY_DEFAULT_VENDOR = 'Listsmith';
export const SHOPIFY_STATUS = 'active';
export const SHOPIFY_INVENTORY_POLICY = 'deny';
export const SHOPIFY_FULFILLMENT_SERVICE = 'manual';
export const SHOPIFY_WEIGHT_UNIT = 'g';
export const SHOPIFY_DEFAULT_OPTION_NAME = 'Title';
export const SHOPIFY_DEFAULT_OPTION_VALUE = 'Default Title';
/** Shopify's SEO limits (the sample says "in 70 characters or less" / "320 characters or less"). */
export const SHOPIFY_SEO_TITLE_MAX = 70;
export const SHOPIFY_SEO_DESCRIPTION_MAX = 320;
export const SHOPIFY_IMAGE_ALT_MAX = 512;

export const SHOPIFY_CSV_FILE_NAME = exportFileName('shopify');

/** `shopify-products.csv` */
export function shopifyCsvFileName(): string {
  return SHOPIFY_CSV_FILE_NAME;
}

export interface ShopifyCsvOptions {
  /** Vendor column; blank or absent → {@link SHOPIFY_DEFAULT_VENDOR}. */
  vendor?: string;
}

const OPTION_COLUMNS = [
  ['Option1 Name', 'Option1 Value'],
  ['Option2 Name', 'Option2 Value'],
  ['Option3 Name', 'Option3 Value'],
] as const;

function toRecord(row: ShopifyRow): CsvValue[] {
  return SHOPIFY_CSV_HEADERS.map((header) => row[header] ?? '');
}

function productRows(product: ExportProduct, handle: string, vendor: string): ShopifyRow[] {
  const importedSku = product.source?.format === 'shopify' ? product.source.sku : undefined;
  const title = exportTitle(product);
  const images = exportImages(product.images);
  const alt = imageAltText(product, SHOPIFY_IMAGE_ALT_MAX);
  const { optionNames, variants } = normalizeVariants(product);
  const names = optionNames.length > 0 ? optionNames : [SHOPIFY_DEFAULT_OPTION_NAME];

  const variantRows = variants.map((variant, index): ShopifyRow => {
    const row: ShopifyRow = {
      Handle: handle,
      'Variant SKU': variant.sku || (optionNames.length === 0 ? (importedSku ?? '') : ''),
      'Variant Inventory Policy': SHOPIFY_INVENTORY_POLICY,
      'Variant Fulfillment Service': SHOPIFY_FULFILLMENT_SERVICE,
      'Variant Price': csvNumber(formatPrice(variant.price)),
      'Variant Barcode': variant.barcode,
      'Variant Requires Shipping': 'TRUE',
      'Variant Taxable': 'TRUE',
      'Variant Weight Unit': SHOPIFY_WEIGHT_UNIT,
    };
    const values = optionNames.length > 0 ? variant.values : [SHOPIFY_DEFAULT_OPTION_VALUE];
    names.forEach((name, i) => {
      const [nameColumn, valueColumn] = OPTION_COLUMNS[i]!;
      if (index === 0) row[nameColumn] = name;
      row[valueColumn] = values[i] ?? '';
    });
    return row;
  });

  const first = variantRows[0]!;
  const barcode = product.barcode?.trim();
  if (barcode && optionNames.length === 0 && !first['Variant Barcode']) {
    first['Variant Barcode'] = barcode;
  }
  Object.assign(first, {
    Title: title,
    'Body (HTML)': descriptionToHtml(product.description),
    Vendor: vendor,
    Type: productTypeFromCategory(product.category),
    Tags: normalizeTags(product.tags).join(', '),
    Published: 'TRUE',
    'Gift Card': 'FALSE',
    'SEO Title': truncateText(product.seoTitle?.trim() || title, SHOPIFY_SEO_TITLE_MAX),
    'SEO Description': truncateText(
      product.seoDescription?.trim() || product.description,
      SHOPIFY_SEO_DESCRIPTION_MAX,
    ),
    Status: product.storeStatus ?? SHOPIFY_STATUS,
  } satisfies ShopifyRow);
  if (images[0] !== undefined) {
    Object.assign(first, {
      'Image Src': images[0],
      'Image Position': csvNumber('1'),
      'Image Alt Text': alt,
    } satisfies ShopifyRow);
  }

  const imageRows = images.slice(1).map((src, i): ShopifyRow => ({
    Handle: handle,
    'Image Src': src,
    'Image Position': csvNumber(String(i + 2)),
    'Image Alt Text': alt,
  }));
  return [...variantRows, ...imageRows];
}

/** The Shopify import file for `products` (header row + rows, CRLF-separated, all cells quoted). */
export function shopifyCsv(
  products: readonly ExportProduct[],
  options: ShopifyCsvOptions = {},
): string {
  const writer = shopifyCsvWriter(options);
  return writer.header + exportableProducts(products).map(writer.product).join('');
}

/** The handle a product imported from a Shopify file has in the store (ADR 046). */
function importedHandle(product: ExportProduct): string | undefined {
  return product.source?.format === 'shopify' ? product.source.handle : undefined;
}

/**
 * The same file written one product at a time, for a library too big to hold as one string:
 * `header` first, then `product` for each product in order (handles stay unique in the file).
 * A product imported from a Shopify file keeps its handle, so Shopify's 'Overwrite products
 * with matching handles' updates it.
 */
export function shopifyCsvWriter(options: ShopifyCsvOptions = {}) {
  const vendor = collapseWhitespace(options.vendor ?? '') || SHOPIFY_DEFAULT_VENDOR;
  const handleFor = uniqueSlugMaker();
  return {
    header: csvRecord([...SHOPIFY_CSV_HEADERS]) + CSV_LINE_SEPARATOR,
    /** '' for a product without a name: it is left out of the file. */
    product: (product: ExportProduct): string =>
      isExportable(product)
        ? toCsv(
            productRows(
              product,
              handleFor(exportTitle(product), importedHandle(product)),
              vendor,
            ).map(toRecord),
          )
        : '',
  };
}
