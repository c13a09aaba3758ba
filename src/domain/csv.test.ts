import { describe, expect, it } from 'vitest';
import {
  CSV_LINE_SEPARATOR,
  cellText,
  csvField,
  csvNumber,
  csvRecord,
  neutralizeFormula,
  toCsv,
  UTF8_BOM,
} from './csv';
import { parseCsv } from './test-support/parse-csv';

describe('csvField', () => {
  it('quotes every cell and doubles inner quotes', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('')).toBe('""');
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField('9" x 12"')).toBe('"9"" x 12"""');
    expect(csvField('a,b\r\nc')).toBe('"a,b\r\nc"');
  });
});

describe('formula-injection guard', () => {
  it.each(['=1+1', '+49 123', '-5 off', '@SUM(A1)', '\tTab', '\rCR', '=HYPERLINK("x")'])(
    'prefixes an apostrophe to text starting with a trigger: %j',
    (text) => {
      expect(neutralizeFormula(text)).toBe(`'${text}`);
      expect(cellText(text)).toBe(`'${text}`);
    },
  );

  it('leaves other text alone', () => {
    for (const text of ['Mug', ' =not first', '<p>x</p>', "'already", 'a=b', '']) {
      expect(cellText(text)).toBe(text);
    }
  });

  it('does not guard plain decimal numbers, but still guards text marked as a number', () => {
    expect(cellText(csvNumber('-3.50'))).toBe('-3.50');
    expect(cellText(csvNumber('12.50'))).toBe('12.50');
    expect(cellText(csvNumber(''))).toBe('');
    expect(cellText(csvNumber('-1+cmd'))).toBe("'-1+cmd");
    expect(cellText(csvNumber('=1'))).toBe("'=1");
  });
});

describe('toCsv', () => {
  it('separates and terminates records with CRLF', () => {
    const text = toCsv([
      ['a', 'b'],
      ['c', csvNumber('1.00')],
    ]);
    expect(text).toBe('"a","b"\r\n"c","1.00"\r\n');
    expect(CSV_LINE_SEPARATOR).toBe('\r\n');
    expect(csvRecord(['x', null])).toBe('"x",""');
  });

  it('writes no BOM unless asked', () => {
    expect(toCsv([['a']]).startsWith('"')).toBe(true);
    expect(toCsv([['a']], { bom: true })).toBe(`${UTF8_BOM}"a"\r\n`);
  });

  it('round-trips awkward values through an RFC 4180 parser', () => {
    const values = [
      'He said "hi", then left',
      'line 1\nline 2\r\nline 3',
      'Café Crème — naïve 日本 🎉👍🏽',
      ',,,',
      '""',
      ' padded ',
    ];
    expect(parseCsv(toCsv([values, values.slice().reverse()]))).toEqual([
      values,
      values.slice().reverse(),
    ]);
  });

  it('writes the guarded text so a parser reads back the apostrophe', () => {
    expect(parseCsv(toCsv([['=cmd|" /C calc"!A0', '-2']]))).toEqual([
      ['\'=cmd|" /C calc"!A0', "'-2"],
    ]);
  });
});
