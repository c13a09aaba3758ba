import { describe, expect, it } from 'vitest';
import {
  combinationCount,
  combinations,
  NO_VARIANTS,
  optionsProblem,
  productVariantsSchema,
  setPriceForValue,
  updateRow,
  VARIANT_LIMITS,
  VARIANT_MESSAGES,
  withOptions,
  type ProductVariants,
  type VariantOption,
} from './variants';

const size: VariantOption = { name: 'Size', values: ['S', 'M', 'L'] };
const colour: VariantOption = { name: 'Color', values: ['Olive', 'Black'] };

function values(count: number, prefix = 'v'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}`);
}

describe('combinations', () => {
  it('is the cartesian product, first option slowest', () => {
    expect(combinations([size, colour])).toEqual([
      ['S', 'Olive'],
      ['S', 'Black'],
      ['M', 'Olive'],
      ['M', 'Black'],
      ['L', 'Olive'],
      ['L', 'Black'],
    ]);
    expect(combinationCount([size, colour])).toBe(6);
  });

  it('has no rows without options', () => {
    expect(combinations([])).toEqual([]);
    expect(combinationCount([])).toBe(0);
  });
});

describe('optionsProblem', () => {
  it('accepts up to 3 options and 2048 rows', () => {
    const big = [
      { name: 'A', values: values(32) },
      { name: 'B', values: values(64) },
    ];
    expect(combinationCount(big)).toBe(VARIANT_LIMITS.rows);
    expect(optionsProblem(big)).toBeNull();
  });

  it('names what is wrong', () => {
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] }));
    expect(optionsProblem(four)).toBe(VARIANT_MESSAGES.tooManyOptions);
    expect(optionsProblem([size, { name: 'size', values: ['x'] }])).toBe(
      VARIANT_MESSAGES.duplicateOption,
    );
    expect(optionsProblem([{ name: 'Size', values: ['M', 'm'] }])).toBe(
      VARIANT_MESSAGES.duplicateValue,
    );
    expect(optionsProblem([{ name: 'Size', values: [] }])).toBe(VARIANT_MESSAGES.emptyOption);
    expect(optionsProblem([{ name: 'Size', values: values(101) }])).toBe(
      VARIANT_MESSAGES.tooManyValues,
    );
    const tooMany = [
      { name: 'A', values: values(30) },
      { name: 'B', values: values(30) },
      { name: 'C', values: values(3) },
    ];
    expect(optionsProblem(tooMany)).toBe(VARIANT_MESSAGES.tooManyRows);
  });
});

describe('withOptions', () => {
  const sized: ProductVariants = {
    options: [size],
    rows: [
      { values: ['S'], price: 20, sku: 'TS-S', barcode: '4006381333931' },
      { values: ['M'], price: 22, sku: 'TS-M', barcode: null },
      { values: ['L'], price: null, sku: 'TS-L', barcode: null },
    ],
  };

  it('keeps every field of rows whose values survive, and drops removed ones', () => {
    const next = withOptions(sized, [{ name: 'Size', values: ['S', 'L', 'XL'] }]);
    expect(next.rows).toEqual([
      { values: ['S'], price: 20, sku: 'TS-S', barcode: '4006381333931' },
      { values: ['L'], price: null, sku: 'TS-L', barcode: null },
      { values: ['XL'], price: null, sku: '', barcode: null },
    ]);
  });

  it('carries prices into a new option, but not SKU or barcode (they name one item)', () => {
    const next = withOptions(sized, [size, colour]);
    expect(next.rows.map((row) => [row.values.join('/'), row.price, row.sku])).toEqual([
      ['S/Olive', 20, ''],
      ['S/Black', 20, ''],
      ['M/Olive', 22, ''],
      ['M/Black', 22, ''],
      ['L/Olive', null, ''],
      ['L/Black', null, ''],
    ]);
    expect(next.rows.every((row) => row.barcode === null)).toBe(true);
  });

  it('keeps SKUs when an option with one value is added (still one to one)', () => {
    const next = withOptions(sized, [size, { name: 'Color', values: ['Olive'] }]);
    expect(next.rows.map((row) => row.sku)).toEqual(['TS-S', 'TS-M', 'TS-L']);
  });

  it('matches options by name whatever their order, and clears everything without options', () => {
    const both = withOptions(sized, [size, colour]);
    const edited = updateRow(both, 1, { sku: 'TS-S-BLK' });
    const reordered = withOptions(edited, [colour, size]);
    expect(reordered.rows[3]).toEqual({
      values: ['Black', 'S'],
      price: 20,
      sku: 'TS-S-BLK',
      barcode: null,
    });
    expect(withOptions(sized, [])).toEqual(NO_VARIANTS);
  });
});

describe('setPriceForValue', () => {
  it('sets the price of every row with that value (case does not matter)', () => {
    const both = withOptions(NO_VARIANTS, [size, colour]);
    const next = setPriceForValue(both, 0, 'm', 25);
    expect(next.rows.map((row) => row.price)).toEqual([null, null, 25, 25, null, null]);
  });
});

describe('productVariantsSchema', () => {
  const valid = withOptions(NO_VARIANTS, [size, colour]);

  it('accepts the options and their rows, and no variants', () => {
    expect(productVariantsSchema.parse(valid)).toEqual(valid);
    expect(productVariantsSchema.parse(NO_VARIANTS)).toEqual(NO_VARIANTS);
  });

  it('cleans text: one line, trimmed; a barcode without spaces; an empty one is none', () => {
    const parsed = productVariantsSchema.parse({
      options: [{ name: '  Size ', values: [' S ', 'M  L'] }],
      rows: [
        { values: ['S'], price: 10, sku: ' A-1 ', barcode: '4006381 333931' },
        { values: ['M L'], price: null, sku: '', barcode: '' },
      ],
    });
    expect(parsed.options[0]).toEqual({ name: 'Size', values: ['S', 'M L'] });
    expect(parsed.rows[0]).toMatchObject({ sku: 'A-1', barcode: '4006381333931' });
    expect(parsed.rows[1]!.barcode).toBeNull();
  });

  it('refuses rows that are not the combinations, in order', () => {
    const swapped = { ...valid, rows: [valid.rows[1], valid.rows[0], ...valid.rows.slice(2)] };
    const missing = { ...valid, rows: valid.rows.slice(1) };
    for (const body of [swapped, missing]) {
      const result = productVariantsSchema.safeParse(body);
      expect(result.error?.issues[0]?.message).toBe(VARIANT_MESSAGES.rowsMismatch);
    }
  });

  it('refuses a barcode with a wrong check digit, and one barcode on two rows', () => {
    const wrong = updateRow(valid, 0, { barcode: '4006381333932' });
    expect(productVariantsSchema.safeParse(wrong).error?.issues[0]?.message).toBe(
      VARIANT_MESSAGES.invalidBarcode,
    );
    const twice = updateRow(updateRow(valid, 0, { barcode: '4006381333931' }), 1, {
      barcode: '4006381333931',
    });
    expect(productVariantsSchema.safeParse(twice).error?.issues[0]?.message).toBe(
      VARIANT_MESSAGES.duplicateBarcode,
    );
  });

  it('refuses control characters, over-long text, negative prices and unknown fields', () => {
    const bad = [
      { options: [{ name: 'Si\u0000ze', values: ['S'] }], rows: [] },
      { options: [{ name: 'x'.repeat(VARIANT_LIMITS.nameMax + 1), values: ['S'] }], rows: [] },
      updateRow(valid, 0, { price: -1 }),
      { ...valid, extra: true },
      { options: [{ name: 'Size', values: [] }], rows: [] },
    ];
    for (const body of bad) expect(productVariantsSchema.safeParse(body).success).toBe(false);
  });
});
