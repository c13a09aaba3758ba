import { describe, expect, it } from 'vitest';
import {
  readFixture,
  SHOPIFY_2019_FIXTURE,
  SHOPIFY_2023_FIXTURE,
  SHOPIFY_FIXTURE,
  SQUARESPACE_FIXTURE,
} from './fixtures';
import { parseCsv, parseCsvObjects } from './parse-csv';

describe('parseCsv (test support)', () => {
  it('parses plain and quoted fields, doubled quotes and empty fields', () => {
    expect(parseCsv('a,b,c\r\n"x","y ""z""",\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x', 'y "z"', ''],
    ]);
  });

  it('keeps separators and line breaks inside quoted fields', () => {
    expect(parseCsv('"a,b","line1\r\nline2\nline3"\n"",""')).toEqual([
      ['a,b', 'line1\r\nline2\nline3'],
      ['', ''],
    ]);
  });

  it('accepts LF, CRLF and CR record separators, with or without a final line break', () => {
    expect(parseCsv('a\nb\r\nc\rd')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(parseCsv('a,b\n')).toEqual([['a', 'b']]);
    expect(parseCsv('a,\n')).toEqual([['a', '']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('rejects malformed quoting', () => {
    expect(() => parseCsv('a"b,c')).toThrow(/unquoted/);
    expect(() => parseCsv('"a"b,c')).toThrow(/after a closing quote/);
    expect(() => parseCsv('"abc')).toThrow(/Unclosed/);
  });

  it('maps rows to objects by header', () => {
    expect(parseCsvObjects('h1,h2\n1,2\n')).toEqual([{ h1: '1', h2: '2' }]);
  });

  it.each([
    [SHOPIFY_FIXTURE, 48, 6],
    [SHOPIFY_2019_FIXTURE, 47, 4],
    [SHOPIFY_2023_FIXTURE, 48, 18],
    [SQUARESPACE_FIXTURE, 26, 5],
  ])('reads %s: every row has the header field count', (name, columns, rowCount) => {
    const rows = parseCsv(readFixture(name));
    expect(rows).toHaveLength(rowCount);
    expect(rows[0]).toHaveLength(columns);
    for (const row of rows) expect(row).toHaveLength(columns);
  });

  it('decodes quoted fixture values exactly', () => {
    const [tshirt] = parseCsvObjects(readFixture(SHOPIFY_FIXTURE));
    expect(tshirt?.['Option1 Value']).toBe('Lithograph - Height: 9" x Width: 12"');
    expect(tshirt?.['Google Shopping / AdWords Labels']).toBe('cotton, pre-shrunk');
    expect(tshirt?.Status).toBe('active');

    const squarespace = parseCsvObjects(readFixture(SQUARESPACE_FIXTURE));
    expect(squarespace.map((row) => row.SKU)).toEqual(['foo', 'bar1', 'bar2', 'bar3']);
    expect(squarespace[0]?.['Hosted Image URLs']?.split(' ')).toHaveLength(2);
  });
});
