/**
 * Formatting rules shared by the Shopify and Squarespace CSV exporters (spec §5 "Export
 * formatting", stores.md §1–2). Pure functions, no I/O.
 */
import type { ExportCategory, ExportProduct } from './product';

/** The store import files Listsmith writes (the download buttons, in this order). */
export const EXPORT_PLATFORMS = ['shopify', 'squarespace', 'woocommerce'] as const;
export type ExportPlatform = (typeof EXPORT_PLATFORMS)[number];

/** Spec §9: "a file named for the platform's products with extension .csv". */
export function exportFileName(platform: ExportPlatform): string {
  return `${platform}-products.csv`;
}

/** Prices above this are treated as invalid (keeps cents exact in a double). */
export const MAX_EXPORT_PRICE = Math.floor(Number.MAX_SAFE_INTEGER / 100);

/** A price the exports write: a finite number between 0 and {@link MAX_EXPORT_PRICE}. */
export function isValidPrice(price: unknown): price is number {
  return (
    typeof price === 'number' && Number.isFinite(price) && price >= 0 && price <= MAX_EXPORT_PRICE
  );
}

/**
 * Spec §5: "price written with two decimals only if a valid number" — `12.5` → `'12.50'`,
 * `0` → `'0.00'`; null/NaN/negative/non-numbers → `''`. Rounds half up on the decimal value
 * (`1.005` → `'1.01'`, which plain `toFixed` gets wrong).
 */
export function formatPrice(price: unknown): string {
  if (!isValidPrice(price)) return '';
  const text = String(price);
  if (text.includes('e')) return price.toFixed(2); // tiny values like 1e-7
  // Two decimals or fewer: nothing to round, only zeros to add (most prices; cheaper).
  const dot = text.indexOf('.');
  if (dot === -1) return `${text}.00`;
  if (text.length - dot <= 3) return text.padEnd(dot + 3, '0');
  return Number(`${Math.round(Number(`${text}e2`))}e-2`).toFixed(2);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Plain-text description → the stores' HTML description (spec §5: "wrapped in a paragraph
 * tag"). The text is HTML-escaped; blank-line-separated paragraphs become separate `<p>`s and
 * single line breaks become `<br>`. An empty description gives `''`, not `<p></p>`.
 */
export function descriptionToHtml(description: string): string {
  return normalizeNewlines(description ?? '')
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .map(escapeHtml)
        .join('<br>'),
    )
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('');
}

function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Whitespace (including line breaks) collapsed to single spaces, trimmed. */
export function collapseWhitespace(text: string): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Shortens text to at most `max` characters (code points, so an emoji is never cut in half).
 * Longer text is cut at the last word boundary in the final 30 % of the budget when there is
 * one, and ends with '…' (which counts towards `max`).
 */
export function truncateText(text: string, max: number): string {
  const clean = collapseWhitespace(text);
  // No more UTF-16 units than `max`: no more code points either (most text, exported by the
  // thousand, needs no splitting into characters).
  if (clean.length <= max) return clean;
  const chars = Array.from(clean);
  if (chars.length <= max) return chars.join('');
  if (max <= 1) return chars.slice(0, max).join('');
  let cut = chars.slice(0, max - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  if (lastSpace >= Math.floor((max - 1) * 0.7)) cut = cut.slice(0, lastSpace);
  return `${cut.replace(/[\s.,;:!?-]+$/u, '')}…`;
}

/**
 * Tags for a comma-separated tag cell: trimmed, empty ones dropped, duplicates (ignoring case)
 * dropped. A comma cannot live inside a tag (both stores split on it), so a tag holding commas
 * becomes several tags.
 */
export function normalizeTags(tags: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of (tags ?? []).flatMap((t) => String(t ?? '').split(','))) {
    const clean = collapseWhitespace(tag);
    const key = clean.toLowerCase();
    if (clean === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(clean);
  }
  return result;
}

/**
 * The product type written for a taxonomy category: its last path segment
 * ('Home & Garden > … > Mugs' → 'Mugs'), like the short types in Shopify's own sample; `''`
 * when there is no category.
 */
export function productTypeFromCategory(category: ExportCategory | null | undefined): string {
  const segments = (category?.fullName ?? '').split('>').map(collapseWhitespace);
  return segments.filter((segment) => segment !== '').pop() ?? '';
}

/**
 * Image URLs as written: trimmed, empty entries and duplicates dropped, inner spaces
 * percent-encoded (Squarespace separates URLs with spaces; a raw space is never valid in a URL).
 */
export function exportImages(images: readonly string[] | undefined): string[] {
  const urls = (images ?? [])
    .map((url) => String(url ?? '').trim())
    .filter((url) => url !== '')
    .map((url) => url.replace(/\s/g, (space) => encodeURIComponent(space)));
  return [...new Set(urls)];
}

/** The product's title as written (trimmed; inner text kept as is). */
export function exportTitle(product: ExportProduct): string {
  return String(product.title ?? '').trim();
}

/**
 * Whether a product may be written to a file or sent to a store: one without a name is never
 * exported (Shopify refuses a blank Title, and an unnamed listing is not finished; issue 24).
 */
export function isExportable(product: Pick<ExportProduct, 'title'>): boolean {
  return exportTitle(product as ExportProduct) !== '';
}

/** The products a file holds: the named ones, in order. */
export function exportableProducts<P extends Pick<ExportProduct, 'title'>>(
  products: readonly P[],
): P[] {
  return products.filter(isExportable);
}

/** Alt text for the product's images: `imageAltText`, or the title when absent. */
export function imageAltText(product: ExportProduct, max = 512): string {
  const alt = collapseWhitespace(product.imageAltText ?? '');
  return truncateText(alt !== '' ? alt : exportTitle(product), max);
}

/** At most three options per product on both platforms. */
export const MAX_OPTIONS = 3;

export interface NormalizedVariant {
  /** Values aligned with {@link NormalizedVariants.optionNames} (`''` when a variant lacks one). */
  values: string[];
  price: number | null;
  sku: string;
  /** '' when the variant has none. */
  barcode: string;
}

export interface NormalizedVariants {
  /** Up to three option names in order of first appearance; empty for a single default variant. */
  optionNames: string[];
  /** At least one entry. */
  variants: NormalizedVariant[];
}

/**
 * The product's variants as rows: options with an empty name or value are ignored, option
 * names are matched case-insensitively and limited to three, variants without any value and
 * repeated value combinations (which both stores reject) are dropped. A variant without its own
 * price inherits the product's price. With no usable variant the result is one default variant
 * (no options) at the product price, carrying the first variant's SKU/price if one was given.
 */
export function normalizeVariants(product: ExportProduct): NormalizedVariants {
  const input = product.variants ?? [];
  const cleaned = input.map((variant) => ({
    options: (variant.options ?? [])
      .map((option) => ({
        name: collapseWhitespace(option?.name ?? ''),
        value: collapseWhitespace(option?.value ?? ''),
      }))
      .filter((option) => option.name !== '' && option.value !== ''),
    price: variant.price ?? product.price,
    sku: String(variant.sku ?? '').trim(),
    barcode: String(variant.barcode ?? '').trim(),
  }));

  const optionNames: string[] = [];
  for (const option of cleaned.flatMap((variant) => variant.options)) {
    const known = optionNames.some((name) => name.toLowerCase() === option.name.toLowerCase());
    if (!known && optionNames.length < MAX_OPTIONS) optionNames.push(option.name);
  }

  const seen = new Set<string>();
  const variants: NormalizedVariant[] = [];
  for (const variant of cleaned) {
    const values = optionNames.map(
      (name) =>
        variant.options.find((option) => option.name.toLowerCase() === name.toLowerCase())?.value ??
        '',
    );
    const key = JSON.stringify(values.map((value) => value.toLowerCase()));
    if (values.every((value) => value === '') || seen.has(key)) continue;
    seen.add(key);
    variants.push({ values, price: variant.price, sku: variant.sku, barcode: variant.barcode });
  }

  if (variants.length > 0) return { optionNames, variants };
  const first = cleaned[0];
  return {
    optionNames: [],
    variants: [
      {
        values: [],
        price: first?.price ?? product.price,
        sku: first?.sku ?? '',
        barcode: first?.barcode ?? '',
      },
    ],
  };
}
