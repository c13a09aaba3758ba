/**
 * Squarespace product import CSV (spec §5 and §9; stores.md §2). The 26 columns are those of
 * `shared/fixtures/csv/squarespace_import_test_26col__ohiobarn.csv` (stores.md §2.1).
 *
 * Row model (stores.md §2.4): the first row of a product carries Product Type, Product Page,
 * Product URL, Title, Description, Categories, Tags, Visible and Hosted Image URLs plus the first
 * variant; each further variant gets a row with only SKU, option names/values, Price, Sale Price,
 * On Sale, Stock and the dimensions (as in the fixture, where option names repeat on every
 * variant row).
 *
 * Values: Product ID / Variant ID empty (new products, stores.md §2.2) unless the product was
 * imported from a Squarespace file (then its IDs and Product URL as the file had them, so the
 * import edits it: ADR 046), Product Type PHYSICAL,
 * Product Page 'shop', Product URL = the de-duplicated slug, Visible Yes (No for a product whose store status is
 * draft or archived), Stock Unlimited (we do
 * not track inventory), Sale Price 0.00 with On Sale No and dimensions 0.0 (as Squarespace's own
 * export writes them), Categories = the taxonomy category's last segment, Hosted Image URLs
 * separated by single spaces.
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
  normalizeTags,
  normalizeVariants,
  productTypeFromCategory,
} from './export-common';
import type { ExportProduct } from './product';
import { sourceVariantId } from './export-source';
import { uniqueSlugMaker } from './slug';

export const SQUARESPACE_CSV_HEADERS = [
  'Product ID [Non Editable]',
  'Variant ID [Non Editable]',
  'Product Type [Non Editable]',
  'Product Page',
  'Product URL',
  'Title',
  'Description',
  'SKU',
  'Option Name 1',
  'Option Value 1',
  'Option Name 2',
  'Option Value 2',
  'Option Name 3',
  'Option Value 3',
  'Price',
  'Sale Price',
  'On Sale',
  'Stock',
  'Categories',
  'Tags',
  'Weight',
  'Length',
  'Width',
  'Height',
  'Visible',
  'Hosted Image URLs',
] as const;

export type SquarespaceCsvHeader = (typeof SQUARESPACE_CSV_HEADERS)[number];
type SquarespaceRow = Partial<Record<SquarespaceCsvHeader, CsvValue>>;

export const SQUARESPACE_PRODUCT_TYPE = 'PHYSICAL';
export const SQUARESPACE_PRODUCT_PAGE = 'shop';
export const SQUARESPACE_STOCK = 'Unlimited';
export const SQUARESPACE_CSV_FILE_NAME = exportFileName('squarespace');

/** `squarespace-products.csv` */
export function squarespaceCsvFileName(): string {
  return SQUARESPACE_CSV_FILE_NAME;
}

const OPTION_COLUMNS = [
  ['Option Name 1', 'Option Value 1'],
  ['Option Name 2', 'Option Value 2'],
  ['Option Name 3', 'Option Value 3'],
] as const;

function toRecord(row: SquarespaceRow): CsvValue[] {
  return SQUARESPACE_CSV_HEADERS.map((header) => row[header] ?? '');
}

function productRows(product: ExportProduct, slug: string): SquarespaceRow[] {
  const { optionNames, variants } = normalizeVariants(product);
  const source = product.source?.format === 'squarespace' ? product.source : null;
  const rows = variants.map((variant): SquarespaceRow => {
    const row: SquarespaceRow = {
      'Variant ID [Non Editable]': source ? sourceVariantId(source.variantIds, variant.values) : '',
      SKU: variant.sku || (optionNames.length === 0 ? (source?.sku ?? '') : ''),
      Price: csvNumber(formatPrice(variant.price)),
      'Sale Price': csvNumber('0.00'),
      'On Sale': 'No',
      Stock: SQUARESPACE_STOCK,
      Weight: csvNumber('0.0'),
      Length: csvNumber('0.0'),
      Width: csvNumber('0.0'),
      Height: csvNumber('0.0'),
    };
    optionNames.forEach((name, i) => {
      const [nameColumn, valueColumn] = OPTION_COLUMNS[i]!;
      row[nameColumn] = name;
      row[valueColumn] = variant.values[i] ?? '';
    });
    return row;
  });

  Object.assign(rows[0]!, {
    'Product ID [Non Editable]': source?.productId ?? '',
    'Product Type [Non Editable]': SQUARESPACE_PRODUCT_TYPE,
    'Product Page': SQUARESPACE_PRODUCT_PAGE,
    'Product URL': slug,
    Title: exportTitle(product),
    Description: descriptionToHtml(product.description),
    Categories: productTypeFromCategory(product.category).replace(/\s*,\s*/g, ' '),
    Tags: normalizeTags(product.tags).join(', '),
    Visible: (product.storeStatus ?? 'active') === 'active' ? 'Yes' : 'No',
    'Hosted Image URLs': exportImages(product.images).join(' '),
  } satisfies SquarespaceRow);
  return rows;
}

/** The Squarespace import file for `products` (header row + rows, CRLF, all cells quoted). */
export function squarespaceCsv(products: readonly ExportProduct[]): string {
  const writer = squarespaceCsvWriter();
  return writer.header + exportableProducts(products).map(writer.product).join('');
}

/** The Product URL a product imported from a Squarespace file has in the store (ADR 046). */
function importedUrl(product: ExportProduct): string | undefined {
  return product.source?.format === 'squarespace' ? product.source.url || undefined : undefined;
}

/** {@link squarespaceCsv} one product at a time (see `shopifyCsvWriter`). */
export function squarespaceCsvWriter() {
  const slugFor = uniqueSlugMaker();
  return {
    header: csvRecord([...SQUARESPACE_CSV_HEADERS]) + CSV_LINE_SEPARATOR,
    /** '' for a product without a name: it is left out of the file. */
    product: (product: ExportProduct): string =>
      isExportable(product)
        ? toCsv(
            productRows(product, slugFor(exportTitle(product), importedUrl(product))).map(toRecord),
          )
        : '',
  };
}
