import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRICE_BASELINE_COLUMNS, parsePriceBaseline, weightedMedian } from './price-baseline';

const HEADER = PRICE_BASELINE_COLUMNS.join(',');
const SOURCE = '"Some source (ODC-By 1.0), sample"';
const SMALL = [
  HEADER,
  `aa,Apparel & Accessories,100,5,10,20,40,80,${SOURCE},2023`,
  `aa-1,Apparel & Accessories > Clothing,60,6,12,25,45,90,${SOURCE},2023`,
  `aa-1-13-8,"Apparel & Accessories > Clothing > Clothing Tops > T-Shirts",30,8,13,18,23,30,${SOURCE},2023`,
  `el,Electronics,300,9,15,30,60,120,${SOURCE},2023`,
  `ho,Home,50,4,8,12,20,35,${SOURCE},2022`,
].join('\n');

describe('parsePriceBaseline', () => {
  const baseline = parsePriceBaseline(SMALL);

  it('reads quoted fields with commas', () => {
    expect(baseline.rows).toHaveLength(5);
    expect(baseline.rows[2]).toMatchObject({
      taxonomyId: 'aa-1-13-8',
      fullName: 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts',
      n: 30,
      median: 18,
      source: 'Some source (ODC-By 1.0), sample',
    });
  });

  it('finds an exact row by short id or GID', () => {
    expect(baseline.lookup('aa-1-13-8')).toMatchObject({
      exact: true,
      row: { taxonomyId: 'aa-1-13-8' },
    });
    expect(baseline.lookup('gid://shopify/TaxonomyCategory/aa-1')).toMatchObject({
      exact: true,
      row: { taxonomyId: 'aa-1' },
    });
  });

  it('walks up to the nearest ancestor with a row', () => {
    expect(baseline.lookup('aa-1-13')).toMatchObject({ exact: false, row: { taxonomyId: 'aa-1' } });
    expect(baseline.lookup('aa-1-13-8-4')).toMatchObject({
      exact: false,
      row: { taxonomyId: 'aa-1-13-8' },
    });
    expect(baseline.lookup('aa-7-2')).toMatchObject({ exact: false, row: { taxonomyId: 'aa' } });
  });

  it('has nothing for a vertical without data or for Uncategorized', () => {
    expect(baseline.lookup('na')).toBeNull();
    expect(baseline.lookup('gid://shopify/TaxonomyCategory/sg-4')).toBeNull();
  });

  it('weights the top-level rows by n for the overall figure', () => {
    // Top level: aa (n 100, median 20), el (300, 30), ho (50, 12): half of 450 lies at el.
    expect(baseline.overall).toMatchObject({ median: 30, low: 15, high: 60, n: 450, year: 2023 });
  });

  it('refuses a wrong header and broken rows', () => {
    expect(() => parsePriceBaseline('a,b,c\n1,2,3')).toThrow(/columns/);
    expect(() => parsePriceBaseline(`${HEADER}\nXX,Bad,1,1,1,1,1,1,s,2023`)).toThrow(/line 2/);
    expect(() => parsePriceBaseline(`${HEADER}\naa,Falling,20,9,8,7,6,5,s,2023`)).toThrow(
      /quantiles/,
    );
  });
});

describe('weightedMedian', () => {
  it('is the value where half the weight is reached', () => {
    expect(
      weightedMedian([
        { value: 1, weight: 1 },
        { value: 2, weight: 1 },
        { value: 3, weight: 1 },
      ]),
    ).toBe(2);
    expect(
      weightedMedian([
        { value: 10, weight: 9 },
        { value: 1, weight: 1 },
      ]),
    ).toBe(10);
    expect(() => weightedMedian([])).toThrow();
  });
});

describe('the shipped table', () => {
  // Unit tests run in jsdom, where import.meta.url is not a file URL; vitest runs from the root.
  const csv = readFileSync(
    path.resolve(process.cwd(), 'src/server/vision/pricing/price-baseline.csv'),
    'utf8',
  );
  const shipped = parsePriceBaseline(csv);

  it('holds the 158 categories and the 9,770 products of its README', () => {
    expect(shipped.rows).toHaveLength(158);
    expect(shipped.overall.n).toBe(9770);
    expect(shipped.overall.low).toBeLessThanOrEqual(shipped.overall.median);
    expect(shipped.overall.median).toBeLessThanOrEqual(shipped.overall.high);
  });

  it('prices T-shirts as documented', () => {
    expect(shipped.lookup('aa-1-13-8')?.row).toMatchObject({
      n: 67,
      p25: 12.99,
      median: 17.99,
      p75: 23.23,
    });
  });
});
