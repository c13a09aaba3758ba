/**
 * The three product files a catalogue comes in from, recognised by their header and read row by
 * row: each reader holds at most the product it is building, so a file of any length is read
 * with flat memory. Column names are matched by name (files differ in order and in the columns
 * they carry), with the names newer exports use beside the older ones.
 *
 * - Shopify: one product per handle over consecutive rows (variants, extra images).
 * - WooCommerce: one row per product; variation rows belong to their parent and are reported.
 * - Squarespace: a row with a title (or a Product ID) starts a product; rows after it without
 *   one are its variants.
 */
import type { CatalogueFormat } from './catalogue-import';
import {
  addImage,
  emptyProduct,
  finished,
  htmlToText,
  ImportFileError,
  priceOf,
  tagsOf,
  variantsOf,
  type ImportedProduct,
  type ReaderEvent,
  type VariantDraft,
} from './catalogue-rows';
import type { StoreStatus } from './product-status';

export interface CatalogueReader {
  format: CatalogueFormat;
  /** One record of the file (after the header), and the line it is on. */
  push(record: readonly string[], line: number): ReaderEvent[];
  /** The end of the file: the product still being built. */
  end(): ReaderEvent[];
}

type Cell = (record: readonly string[], ...names: string[]) => string;

/** Reads cells by column name; a name the file lacks reads as empty. */
function cellReader(header: readonly string[]): { has: (name: string) => boolean; cell: Cell } {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
    if (!index.has(key)) index.set(key, i);
  });
  return {
    has: (name) => index.has(name.toLowerCase()),
    cell(record, ...names) {
      for (const name of names) {
        const at = index.get(name.toLowerCase());
        if (at !== undefined) return (record[at] ?? '').trim();
      }
      return '';
    },
  };
}

/** The reader for the file whose header this is; null for a header none of them has. */
export function readerFor(header: readonly string[]): CatalogueReader | null {
  const { has } = cellReader(header);
  if (has('Hosted Image URLs') && (has('Product URL') || has('Product ID [Non Editable]'))) {
    return squarespaceReader(header);
  }
  if (has('Type') && has('Name') && (has('Regular price') || has('Images'))) {
    return wooCommerceReader(header);
  }
  if ((has('Handle') || has('URL handle')) && has('Title')) return shopifyReader(header);
  return null;
}

function shopifyStatus(status: string, published: string): StoreStatus {
  const value = status.toLowerCase();
  if (value === 'draft' || value === 'archived' || value === 'active') return value;
  return published.toUpperCase() === 'FALSE' ? 'draft' : 'active';
}

/** A category cell that names a category (Google's numeric ids do not). */
function categoryText(...cells: string[]): string | null {
  return cells.find((cell) => cell !== '' && !/^\d+$/.test(cell)) ?? null;
}

function shopifyReader(header: readonly string[]): CatalogueReader {
  const { cell } = cellReader(header);
  let product: ImportedProduct | null = null;
  let variants: VariantDraft = { names: [], rows: [] };
  /** Handles already finished, with their first line: their rows must be together. */
  const seen = new Map<string, number>();

  function finish(): ReaderEvent[] {
    if (!product) return [];
    product.variants = variantsOf(variants);
    // A single variant's SKU has no variant to live on: kept to go back (ADR 046).
    if (!product.variants) product.identity = { sku: variants.rows[0]?.sku ?? '' };
    const event = finished(product);
    product = null;
    return [event];
  }

  return {
    format: 'shopify',
    push(record, line) {
      const handle = cell(record, 'Handle', 'URL handle');
      if (handle === '')
        throw new ImportFileError(line, 'Handle is empty; every row needs its product’s handle.');
      const events: ReaderEvent[] = [];
      if (product?.key !== handle) {
        events.push(...finish());
        const first = seen.get(handle);
        if (first !== undefined) {
          throw new ImportFileError(
            line,
            `The rows of handle “${handle}” are not together (its product starts on line ${first}).`,
          );
        }
        seen.set(handle, line);
        product = emptyProduct(handle, line);
        product.title = cell(record, 'Title');
        product.description = htmlToText(cell(record, 'Body (HTML)', 'Description'));
        product.tags = tagsOf(cell(record, 'Tags'));
        product.category = categoryText(
          cell(record, 'Product Category', 'Product category'),
          cell(record, 'Google Shopping / Google Product Category'),
          cell(record, 'Type'),
        );
        product.seoTitle = cell(record, 'SEO Title', 'SEO title');
        product.seoDescription = cell(record, 'SEO Description', 'SEO description');
        product.storeStatus = shopifyStatus(cell(record, 'Status'), cell(record, 'Published'));
        variants = {
          names: [1, 2, 3].map((n) => cell(record, `Option${n} Name`, `Option${n} name`)),
          rows: [],
        };
      }
      const current = product!;
      addImage(
        current,
        cell(record, 'Image Src', 'Product image URL'),
        cell(record, 'Image Alt Text', 'Image alt text'),
      );
      addImage(current, cell(record, 'Variant Image', 'Variant image URL'));
      const values = [1, 2, 3].map((n) => cell(record, `Option${n} Value`, `Option${n} value`));
      const price = priceOf(cell(record, 'Variant Price', 'Price'));
      if (values[0] !== '') {
        current.price ??= price;
        variants.rows.push({
          values,
          price,
          sku: cell(record, 'Variant SKU', 'SKU'),
          barcode: cell(record, 'Variant Barcode', 'Barcode') || null,
        });
      }
      return events;
    },
    end: finish,
  };
}

function wooCommerceReader(header: readonly string[]): CatalogueReader {
  const { cell } = cellReader(header);
  const seen = new Map<string, number>();
  return {
    format: 'woocommerce',
    push(record, line) {
      const id = cell(record, 'ID');
      const sku = cell(record, 'SKU');
      const key = id !== '' ? `id:${id}` : sku !== '' ? `sku:${sku}` : '';
      const type = cell(record, 'Type').toLowerCase();
      if (type.split(',').some((part) => part.trim() === 'variation')) {
        return [
          {
            kind: 'skipped',
            line,
            key: key || cell(record, 'Name'),
            reason: 'A variation: its parent product is imported without its variations.',
          },
        ];
      }
      if (key === '') {
        return [
          {
            kind: 'skipped',
            line,
            key: cell(record, 'Name'),
            reason: 'No ID or SKU to recognise the product by when the file is imported again.',
          },
        ];
      }
      const first = seen.get(key);
      if (first !== undefined) throw new ImportFileError(line, `${key} is also on line ${first}.`);
      seen.set(key, line);
      const product = emptyProduct(key, line);
      product.title = cell(record, 'Name');
      product.description = htmlToText(
        cell(record, 'Description') || cell(record, 'Short description'),
      );
      product.tags = tagsOf(cell(record, 'Tags'));
      const firstCategory = cell(record, 'Categories').split(',')[0]?.trim() ?? '';
      product.category = firstCategory === '' ? null : firstCategory;
      product.price = priceOf(cell(record, 'Regular price'));
      product.seoTitle = cell(record, 'Meta: _yoast_wpseo_title');
      product.seoDescription = cell(record, 'Meta: _yoast_wpseo_metadesc');
      product.storeStatus = cell(record, 'Published') === '1' ? 'active' : 'draft';
      product.identity = { sku, type: cell(record, 'Type') };
      for (const url of cell(record, 'Images').split(',')) addImage(product, url);
      return [finished(product)];
    },
    end: () => [],
  };
}

function squarespaceReader(header: readonly string[]): CatalogueReader {
  const { cell } = cellReader(header);
  let product: ImportedProduct | null = null;
  let variants: VariantDraft = { names: [], rows: [] };
  const seen = new Map<string, number>();

  function finish(): ReaderEvent[] {
    if (!product) return [];
    product.variants = variantsOf(variants);
    const event = finished(product);
    product = null;
    return [event];
  }

  return {
    format: 'squarespace',
    push(record, line) {
      const id = cell(record, 'Product ID [Non Editable]');
      const title = cell(record, 'Title');
      const events: ReaderEvent[] = [];
      if (id !== '' || title !== '') {
        events.push(...finish());
        const slug = cell(record, 'Product URL');
        const key = id !== '' ? `id:${id}` : slug !== '' ? `url:${slug}` : '';
        if (key === '') {
          throw new ImportFileError(
            line,
            'The product has neither a Product ID nor a Product URL to recognise it by.',
          );
        }
        const first = seen.get(key);
        if (first !== undefined)
          throw new ImportFileError(line, `${key} is also on line ${first}.`);
        seen.set(key, line);
        product = emptyProduct(key, line);
        product.title = title;
        product.description = htmlToText(cell(record, 'Description'));
        product.tags = tagsOf(cell(record, 'Tags'));
        product.category = categoryText(cell(record, 'Categories').split(',')[0]?.trim() ?? '');
        product.price = priceOf(cell(record, 'Price'));
        product.storeStatus = cell(record, 'Visible').toLowerCase() === 'no' ? 'draft' : 'active';
        for (const url of cell(record, 'Hosted Image URLs').split(/\s+/)) addImage(product, url);
        product.identity = { url: slug, sku: cell(record, 'SKU'), variantIds: [] };
        variants = {
          names: [1, 2, 3].map((n) => cell(record, `Option Name ${n}`)),
          rows: [],
        };
      } else if (!product) {
        throw new ImportFileError(
          line,
          'A variant row comes before any product (its Title is empty).',
        );
      }
      const values = [1, 2, 3].map((n) => cell(record, `Option Value ${n}`));
      const variantId = cell(record, 'Variant ID [Non Editable]');
      if (variantId !== '') product!.identity.variantIds?.push({ values, id: variantId });
      if (values[0] !== '') {
        variants.rows.push({
          values,
          price: priceOf(cell(record, 'Price')),
          sku: cell(record, 'SKU'),
          barcode: null,
        });
      }
      return events;
    },
    end: finish,
  };
}
