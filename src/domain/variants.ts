/**
 * A product's variants (issue 14, premium): up to three options (Size, Color, Material…), each
 * with an ordered list of distinct values, and one row per combination of values (the cartesian
 * product, first option slowest), each with its own price, SKU and barcode.
 *
 * Stored as JSON on the product and sent whole by PATCH /api/product/:id `{ variants }`. No
 * options means no variants: the exports then write the single default variant.
 */
import { z } from 'zod';
import { isValidGtin } from './gtin';
import { LISTING_DRAFT_LIMITS } from './listing-draft';
import { hasControlCharacters } from './text-input';

export const VARIANT_LIMITS = {
  options: 3,
  valuesPerOption: 100,
  /** Shopify's limit per product (stores.md §3.7: 2048 since 2024; 100 before). */
  rows: 2048,
  nameMax: 40,
  valueMax: 80,
  skuMax: 64,
} as const;

/** Squarespace imports at most this many variants per product (stores.md §2.2). */
export const SQUARESPACE_VARIANT_LIMIT = 250;

export interface VariantOption {
  name: string;
  values: string[];
}

export interface VariantRow {
  /** One value per option, in the options' order. */
  values: string[];
  /** Null: the product's price. */
  price: number | null;
  sku: string;
  /** A GTIN (UPC/EAN) with a correct check digit, or null. */
  barcode: string | null;
}

export interface ProductVariants {
  options: VariantOption[];
  rows: VariantRow[];
}

export const NO_VARIANTS: ProductVariants = { options: [], rows: [] };

export const VARIANT_MESSAGES = {
  tooManyOptions: `A product can have at most ${VARIANT_LIMITS.options} options.`,
  tooManyValues: `An option can have at most ${VARIANT_LIMITS.valuesPerOption} values.`,
  tooManyRows: `A product can have at most ${VARIANT_LIMITS.rows} variants.`,
  duplicateOption: 'Each option needs a different name.',
  duplicateValue: 'Each value of an option must be different.',
  emptyOption: 'Each option needs at least one value.',
  rowsMismatch: 'The variant rows must be one per combination of option values.',
  invalidBarcode: 'Enter a valid barcode: 8, 12, 13 or 14 digits with a correct check digit.',
  duplicateBarcode: 'Each variant needs its own barcode.',
} as const;

/** One line, spaces collapsed, trimmed: what an option name or value is stored as. */
export function cleanVariantText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

const key = (text: string) => text.toLowerCase();

/** Every combination of the options' values, first option slowest (the stores' row order). */
export function combinations(options: readonly VariantOption[]): string[][] {
  if (options.length === 0) return [];
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value])),
    [[]],
  );
}

/** How many rows the options make (without building them). */
export function combinationCount(options: readonly VariantOption[]): number {
  if (options.length === 0) return 0;
  return options.reduce((count, option) => count * option.values.length, 1);
}

/** Why these options cannot be saved, or null when they can. */
export function optionsProblem(options: readonly VariantOption[]): string | null {
  if (options.length > VARIANT_LIMITS.options) return VARIANT_MESSAGES.tooManyOptions;
  if (new Set(options.map((option) => key(option.name))).size !== options.length) {
    return VARIANT_MESSAGES.duplicateOption;
  }
  for (const option of options) {
    if (option.values.length === 0) return VARIANT_MESSAGES.emptyOption;
    if (option.values.length > VARIANT_LIMITS.valuesPerOption) {
      return VARIANT_MESSAGES.tooManyValues;
    }
    if (new Set(option.values.map(key)).size !== option.values.length) {
      return VARIANT_MESSAGES.duplicateValue;
    }
  }
  if (combinationCount(options) > VARIANT_LIMITS.rows) return VARIANT_MESSAGES.tooManyRows;
  return null;
}

/**
 * The rows for new options, keeping what the seller entered on rows whose values survive. A new
 * row takes the price of the first old row that agrees with it on every option both share (by
 * name); SKU and barcode name one item, so they move only when old and new row match one to one.
 */
export function withOptions(current: ProductVariants, options: VariantOption[]): ProductVariants {
  if (options.length === 0) return NO_VARIANTS;
  const shared = options.flatMap((option, newIndex) => {
    const oldIndex = current.options.findIndex((old) => key(old.name) === key(option.name));
    return oldIndex === -1 ? [] : [{ newIndex, oldIndex }];
  });
  const agrees = (oldRow: VariantRow, values: string[]) =>
    shared.every(({ newIndex, oldIndex }) => {
      const oldValue = oldRow.values[oldIndex];
      return oldValue !== undefined && key(oldValue) === key(values[newIndex]!);
    });
  const combos = combinations(options);
  const matches = combos.map((values) =>
    shared.length === 0 ? [] : current.rows.filter((row) => agrees(row, values)),
  );
  const newRowsPerOld = new Map<VariantRow, number>();
  for (const found of matches) {
    for (const row of found) newRowsPerOld.set(row, (newRowsPerOld.get(row) ?? 0) + 1);
  }
  const rows = combos.map((values, index): VariantRow => {
    const found = matches[index]!;
    const first = found[0];
    const oneToOne = found.length === 1 && newRowsPerOld.get(first!) === 1;
    return {
      values,
      price: first?.price ?? null,
      sku: oneToOne ? first!.sku : '',
      barcode: oneToOne ? first!.barcode : null,
    };
  });
  return { options, rows };
}

/** Sets the price of every row whose option `optionIndex` has `value` (bulk price). */
export function setPriceForValue(
  variants: ProductVariants,
  optionIndex: number,
  value: string,
  price: number | null,
): ProductVariants {
  return {
    ...variants,
    rows: variants.rows.map((row) =>
      row.values[optionIndex] !== undefined && key(row.values[optionIndex]) === key(value)
        ? { ...row, price }
        : row,
    ),
  };
}

/** One row changed. */
export function updateRow(
  variants: ProductVariants,
  index: number,
  change: Partial<Omit<VariantRow, 'values'>>,
): ProductVariants {
  return {
    ...variants,
    rows: variants.rows.map((row, i) => (i === index ? { ...row, ...change } : row)),
  };
}

/** The row's label as the stores show it, e.g. 'M / Olive'. */
export function rowLabel(row: VariantRow): string {
  return row.values.join(' / ');
}

/** A barcode as typed, without spaces or dashes; '' stays '' (no barcode). */
export function cleanBarcode(text: string): string {
  return text.replace(/[\s-]/g, '');
}

const variantText = (max: number) =>
  z
    .string()
    .refine(
      (text) => !hasControlCharacters(text),
      'Use one line of text without control characters.',
    )
    .transform(cleanVariantText)
    .pipe(
      z
        .string()
        .min(1, 'Option names and values cannot be empty.')
        .max(max, `Option names and values can be at most ${max} characters.`),
    );

export const variantOptionSchema = z
  .object({
    name: variantText(VARIANT_LIMITS.nameMax),
    values: z
      .array(variantText(VARIANT_LIMITS.valueMax))
      .max(VARIANT_LIMITS.valuesPerOption, VARIANT_MESSAGES.tooManyValues),
  })
  .strict();

export const variantRowSchema = z
  .object({
    values: z.array(z.string().transform(cleanVariantText)),
    price: z.number().min(0).max(LISTING_DRAFT_LIMITS.priceMax).nullable(),
    sku: z
      .string()
      .refine((text) => !hasControlCharacters(text), 'Use one line of text for the SKU.')
      .transform((text) => text.trim())
      .pipe(z.string().max(VARIANT_LIMITS.skuMax)),
    barcode: z
      .string()
      .nullable()
      .transform((text) => (text === null ? null : cleanBarcode(text) || null))
      .refine((code) => code === null || isValidGtin(code), VARIANT_MESSAGES.invalidBarcode),
  })
  .strict();

/**
 * The stored and API shape, and the PATCH body's `variants`: at most 3 options, each with 1–100
 * distinct values (case does not matter), at most 2048 rows, exactly one row per combination in
 * order, each barcode on one row only.
 */
export const productVariantsSchema = z
  .object({
    options: z
      .array(variantOptionSchema)
      .max(VARIANT_LIMITS.options, VARIANT_MESSAGES.tooManyOptions),
    rows: z.array(variantRowSchema).max(VARIANT_LIMITS.rows, VARIANT_MESSAGES.tooManyRows),
  })
  .strict()
  .superRefine((variants, context) => {
    const problem = optionsProblem(variants.options);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem, path: ['options'] });
      return;
    }
    const expected = combinations(variants.options);
    const matches =
      expected.length === variants.rows.length &&
      expected.every((values, index) => {
        const row = variants.rows[index]!.values;
        return row.length === values.length && row.every((value, i) => value === values[i]);
      });
    if (!matches) {
      context.addIssue({ code: 'custom', message: VARIANT_MESSAGES.rowsMismatch, path: ['rows'] });
      return;
    }
    const barcodes = variants.rows.flatMap((row) => (row.barcode ? [row.barcode] : []));
    if (new Set(barcodes).size !== barcodes.length) {
      context.addIssue({
        code: 'custom',
        message: VARIANT_MESSAGES.duplicateBarcode,
        path: ['rows'],
      });
    }
  });
