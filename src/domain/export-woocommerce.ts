/**
 * WooCommerce product CSV (issue 26), in the columns and values of WooCommerce's own importer
 * (`includes/admin/importers/mappings/default.php`) and exporter, in the exporter's column
 * order, as its `sample-data/sample_products.csv` writes them.
 *
 * Row model: a product without variants is one `simple` row. A product with variants is a
 * `variable` row carrying the product fields and each option as an attribute with all its values
 * (`Attribute 1 value(s)` = 'Red, Blue'), then one `variation` row per variant, pointing at the
 * parent by its SKU (`Parent`), with its own price, SKU, GTIN and one value per attribute.
 *
 * Values: ID empty (new products; WooCommerce matches an existing product by SKU on an update
 * import), SKU the product's own when it has one, else its unique slug, so a variable parent can
 * be named by its variations and a second import updates rather than duplicates. A product
 * imported from a WooCommerce file keeps its ID, SKU and Type as the file had them (ADR 046). Published 1
 * for an active product, -1 (draft) for a draft, 0 (private) for an archived one. Regular price
 * the price (the Shopify file imported into WooCommerce lands it as the sale price), Sale price
 * empty. Categories the taxonomy path with WooCommerce's `>` nesting; commas inside a category,
 * tag or attribute value escaped as `\,` (the importer splits lists on unescaped commas).
 * Attributes are the product's own (global 0): an import creates no store-wide attributes.
 * Short description is the SEO description: a sentence, shown beside the photos.
 */
import { toCsv, csvNumber, csvRecord, CSV_LINE_SEPARATOR, type CsvValue } from './csv';
import {
  descriptionToHtml,
  escapeHtml,
  exportImages,
  exportTitle,
  exportableProducts,
  formatPrice,
  isExportable,
  MAX_OPTIONS,
  normalizeTags,
  normalizeVariants,
  collapseWhitespace,
} from './export-common';
import type { ExportProduct } from './product';
import { uniqueSlugMaker } from './slug';

const ATTRIBUTE_COLUMNS = Array.from({ length: MAX_OPTIONS }, (_, i) => [
  `Attribute ${i + 1} name`,
  `Attribute ${i + 1} value(s)`,
  `Attribute ${i + 1} visible`,
  `Attribute ${i + 1} global`,
]).flat();

export const WOOCOMMERCE_CSV_HEADERS = [
  'ID',
  'Type',
  'SKU',
  'GTIN, UPC, EAN, or ISBN',
  'Name',
  'Published',
  'Is featured?',
  'Visibility in catalog',
  'Short description',
  'Description',
  'Tax status',
  'In stock?',
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Images',
  'Parent',
  'Position',
  ...ATTRIBUTE_COLUMNS,
] as const;

type WooRow = Partial<Record<string, CsvValue>>;

/** A list cell's item: WooCommerce splits on commas not preceded by a backslash. */
function listItem(text: string): string {
  return text.replaceAll(',', '\\,');
}

/** 'Home & Garden > Kitchen > Mugs', each level's commas escaped. */
function categoryPath(product: ExportProduct): string {
  return (product.category?.fullName ?? '')
    .split('>')
    .map(collapseWhitespace)
    .filter((segment) => segment !== '')
    .map(listItem)
    .join(' > ');
}

const PUBLISHED = { active: '1', draft: '-1', archived: '0' } as const;

function toRecord(row: WooRow): CsvValue[] {
  return WOOCOMMERCE_CSV_HEADERS.map((header) => row[header] ?? '');
}

function productRows(product: ExportProduct, slug: string): WooRow[] {
  const title = exportTitle(product);
  const { optionNames, variants } = normalizeVariants(product);
  const published = PUBLISHED[product.storeStatus ?? 'active'];
  const shortDescription = collapseWhitespace(product.seoDescription ?? '');
  const common: WooRow = {
    Name: title,
    Published: csvNumber(published),
    'Is featured?': csvNumber('0'),
    'Visibility in catalog': 'visible',
    'Short description': shortDescription ? `<p>${escapeHtml(shortDescription)}</p>` : '',
    Description: descriptionToHtml(product.description),
    'Tax status': 'taxable',
    'In stock?': csvNumber('1'),
    Categories: categoryPath(product),
    Tags: normalizeTags(product.tags).join(', '),
    // A comma inside a URL would split it: it is percent-encoded like a space.
    Images: exportImages(product.images)
      .map((url) => url.replaceAll(',', '%2C'))
      .join(', '),
    Position: csvNumber('0'),
  };

  // A product imported from a WooCommerce file: its ID, and its SKU and Type as they were (an
  // update sets both on the product matched; a slug would rename its SKU). ADR 046.
  const source = product.source?.format === 'woocommerce' ? product.source : null;
  if (source?.id) common.ID = csvNumber(source.id);

  if (optionNames.length === 0) {
    const [only] = variants;
    return [
      {
        ...common,
        Type: source?.type || 'simple',
        SKU: source ? source.sku : only!.sku || slug,
        'GTIN, UPC, EAN, or ISBN': only!.barcode || product.barcode?.trim() || '',
        'Regular price': csvNumber(formatPrice(only!.price)),
      },
    ];
  }

  const parent: WooRow = { ...common, Type: 'variable', SKU: source ? source.sku : slug };
  // Variations name their parent by SKU, or by `id:` when the store's product has none.
  const parentRef = source ? source.sku || `id:${source.id}` : slug;
  optionNames.forEach((name, i) => {
    const values = [...new Set(variants.map((variant) => variant.values[i] ?? ''))].filter(
      (value) => value !== '',
    );
    Object.assign(parent, {
      [`Attribute ${i + 1} name`]: name,
      [`Attribute ${i + 1} value(s)`]: values.map(listItem).join(', '),
      [`Attribute ${i + 1} visible`]: csvNumber('1'),
      [`Attribute ${i + 1} global`]: csvNumber('0'),
    });
  });
  const rows = variants.map((variant, index): WooRow => {
    const row: WooRow = {
      Type: 'variation',
      SKU: variant.sku,
      'GTIN, UPC, EAN, or ISBN': variant.barcode,
      Name: `${title} - ${variant.values.filter((value) => value !== '').join(', ')}`,
      Published: csvNumber(published),
      'Is featured?': csvNumber('0'),
      'Visibility in catalog': 'visible',
      'Tax status': 'taxable',
      'In stock?': csvNumber('1'),
      'Regular price': csvNumber(formatPrice(variant.price)),
      Parent: parentRef,
      Position: csvNumber(String(index + 1)),
    };
    optionNames.forEach((name, i) => {
      row[`Attribute ${i + 1} name`] = name;
      row[`Attribute ${i + 1} value(s)`] = listItem(variant.values[i] ?? '');
      row[`Attribute ${i + 1} global`] = csvNumber('0');
    });
    return row;
  });
  return [parent, ...rows];
}

/** The WooCommerce import file for `products` (header row + rows, CRLF, all cells quoted). */
export function woocommerceCsv(products: readonly ExportProduct[]): string {
  const writer = woocommerceCsvWriter();
  return writer.header + exportableProducts(products).map(writer.product).join('');
}

/** The SKU a product imported from a WooCommerce file has: no new product's slug takes it. */
function importedSku(product: ExportProduct): string | undefined {
  return product.source?.format === 'woocommerce' ? product.source.sku || undefined : undefined;
}

/** {@link woocommerceCsv} one product at a time (see `shopifyCsvWriter`). */
export function woocommerceCsvWriter() {
  const slugFor = uniqueSlugMaker();
  return {
    header: csvRecord([...WOOCOMMERCE_CSV_HEADERS]) + CSV_LINE_SEPARATOR,
    /** '' for a product without a name: it is left out of the file. */
    product: (product: ExportProduct): string =>
      isExportable(product)
        ? toCsv(
            productRows(product, slugFor(exportTitle(product), importedSku(product))).map(toRecord),
          )
        : '',
  };
}
