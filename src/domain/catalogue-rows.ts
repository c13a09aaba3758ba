/**
 * What a catalogue file's rows become, whatever the store: an {@link ImportedProduct}, built up
 * row by row by one of the format readers (catalogue-formats.ts). Pure: no I/O.
 */
import type { SourceIdentity } from './export-source';
import { LISTING_DRAFT_LIMITS } from './listing-draft';
import type { StoreStatus } from './product-status';
import type { StoreFields } from './store-fields';
import { isValidGtin } from './gtin';
import { cleanBarcode, productVariantsSchema, type ProductVariants } from './variants';

export interface ImportedImage {
  url: string;
  alt: string;
}

export interface ImportedProduct {
  /** Handle (Shopify), `id:`/`sku:` (WooCommerce), `id:`/`url:` (Squarespace). */
  key: string;
  /** The file line the product starts on (1 is the header). */
  line: number;
  title: string;
  /** Plain text; blank lines separate paragraphs (the store's HTML, read as text). */
  description: string;
  tags: string[];
  /** The store's category text (a taxonomy path when the store uses Shopify's). */
  category: string | null;
  price: number | null;
  seoTitle: string;
  seoDescription: string;
  storeStatus: StoreStatus;
  images: ImportedImage[];
  variants: ProductVariants | null;
  /** What the store's importer needs besides the key to update the product (ADR 046). */
  identity: SourceIdentity;
  /** A connected store's product: its fields as the store had them (ADR 045). */
  storeFields?: StoreFields;
}

/** A file the importer cannot read: refused whole, with where and why. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
  constructor(
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? reason : `Line ${line}: ${reason}`);
  }
}

export type ReaderEvent =
  | { kind: 'product'; product: ImportedProduct }
  | { kind: 'skipped'; line: number; key: string; reason: string };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A store's description HTML as the plain text products keep (the exporters write it back as
 * paragraphs): block ends become blank lines, `<br>` a line break, list items a line each;
 * scripts and styles are dropped with their content.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html.replace(/\r\n?/g, '\n').trim();
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|ul|ol|table|tr|blockquote|section|article)\s*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A price cell: a plain decimal ('25', '19.99'); anything else counts as none. */
export function priceOf(cell: string): number | null {
  const text = cell.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return value <= LISTING_DRAFT_LIMITS.priceMax ? value : null;
}

/** Comma-separated tags, trimmed, each once (case does not matter). */
export function tagsOf(cell: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of cell.split(',')) {
    const tag = raw.trim().slice(0, LISTING_DRAFT_LIMITS.tagMax);
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Only web addresses: anything else in an image cell is no image (the fetcher checks more). */
export function isWebAddress(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text);
}

export function addImage(product: ImportedProduct, url: string, alt = ''): void {
  const address = url.trim();
  if (!isWebAddress(address)) return;
  if (product.images.some((image) => image.url === address)) return;
  product.images.push({ url: address, alt: alt.trim().slice(0, LISTING_DRAFT_LIMITS.altTextMax) });
}

/** Options and the rows that fill them, gathered row by row before they are checked. */
export interface VariantDraft {
  names: string[];
  rows: { values: string[]; price: number | null; sku: string; barcode: string | null }[];
}

/**
 * The gathered variants when they make a set products accept (one row per combination, each
 * value named); none otherwise, and none for Shopify's single 'Default Title' variant.
 */
export function variantsOf(draft: VariantDraft): ProductVariants | null {
  const names = draft.names.filter((name) => name.trim() !== '');
  if (names.length === 0 || draft.rows.length < 2) return null;
  // A barcode that is not a valid GTIN (samples and spreadsheets mangle them) is left out,
  // not a reason to lose the variants.
  const rows = draft.rows.map((row) => {
    const barcode = row.barcode === null ? '' : cleanBarcode(row.barcode);
    return {
      ...row,
      values: row.values.slice(0, names.length),
      barcode: barcode !== '' && isValidGtin(barcode) ? barcode : null,
    };
  });
  const options = names.map((name, index) => ({
    name,
    values: [...new Set(rows.map((row) => row.values[index] ?? ''))],
  }));
  // Products keep one row per combination, first option outermost: a file lists them in any order.
  const rank = (values: string[]) => values.map((value, i) => options[i]!.values.indexOf(value));
  rows.sort((a, b) => {
    const ra = rank(a.values);
    const rb = rank(b.values);
    const differs = ra.findIndex((value, i) => value !== rb[i]);
    return differs === -1 ? 0 : ra[differs]! - rb[differs]!;
  });
  const parsed = productVariantsSchema.safeParse({ options, rows });
  return parsed.success ? parsed.data : null;
}

/** Why a product built from the file cannot be kept, or null when it can. */
export function refusalOf(product: ImportedProduct): string | null {
  if (product.title.trim() === '') return 'Title is empty.';
  if (product.title.length > LISTING_DRAFT_LIMITS.titleMax) {
    return `Title is longer than ${LISTING_DRAFT_LIMITS.titleMax} characters.`;
  }
  if (product.description.length > LISTING_DRAFT_LIMITS.descriptionMax) {
    return `Description is longer than ${LISTING_DRAFT_LIMITS.descriptionMax} characters.`;
  }
  return null;
}

export function finished(product: ImportedProduct): ReaderEvent {
  const reason = refusalOf(product);
  return reason === null
    ? { kind: 'product', product }
    : { kind: 'skipped', line: product.line, key: product.key, reason };
}

export function emptyProduct(key: string, line: number): ImportedProduct {
  return {
    key,
    line,
    title: '',
    description: '',
    tags: [],
    category: null,
    price: null,
    seoTitle: '',
    seoDescription: '',
    storeStatus: 'active',
    images: [],
    variants: null,
    identity: {},
  };
}
