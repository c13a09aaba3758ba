/**
 * CSV writing for the store exports (RFC 4180 plus the spec's rules, spec §5):
 *
 * - Every cell is quoted and inner quotes are doubled (`a"b` → `"a""b"`). Commas, quotes and
 *   line breaks inside a cell are therefore safe and kept as they are.
 * - Records are separated by CRLF, and the last record is terminated by CRLF too (RFC 4180 §2.1-2
 *   allows either; a terminated last line is what spreadsheet tools and the stores' own files
 *   write, and it keeps `file.split('\r\n')` and line-oriented tools simple).
 * - Text is a JS string; the caller encodes it as UTF-8 (a `Blob` or `Buffer` of a string is UTF-8).
 *   No byte-order mark by default: both stores ask for UTF-8, their sample files have none, and
 *   a BOM turns the first header into `\uFEFFHandle` for strict parsers (Shopify's "Invalid CSV
 *   header" error). `toCsv(rows, { bom: true })` exists for a spreadsheet-oriented download.
 * - Formula-injection guard (OWASP "CSV Injection"): a text cell that starts with `=`, `+`, `-`,
 *   `@`, tab or carriage return gets a leading apostrophe so spreadsheet apps show it as text
 *   instead of evaluating it. Cells built with {@link csvNumber} that really are plain decimal
 *   numbers (e.g. `-3.50`) are left alone; everything else is treated as text.
 */

import { withoutInvisibleFormatting } from './text-input';

export const CSV_LINE_SEPARATOR = '\r\n';
export const UTF8_BOM = '\uFEFF';

/** A cell that should be written without the formula guard when it is a plain decimal number. */
export interface CsvNumber {
  readonly kind: 'number';
  readonly text: string;
}

/** A cell value: text (guarded), a {@link CsvNumber}, or nothing (empty cell). */
export type CsvValue = string | CsvNumber | null | undefined;

const FORMULA_TRIGGER = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Marks a numeric cell (`'12.50'`, `'-3'`). Text that is not a plain decimal is still guarded. */
export function csvNumber(text: string): CsvNumber {
  return { kind: 'number', text };
}

/** Prefixes an apostrophe when the text would start a spreadsheet formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_TRIGGER.test(text) ? `'${text}` : text;
}

/**
 * The cell's text after the formula guard, before quoting. Invisible format characters (bidi
 * overrides, zero-width spaces, BOMs) never reach a file, whatever the product row holds; they
 * go first, so one cannot hide a formula from the guard either.
 */
export function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralizeFormula(withoutInvisibleFormatting(value));
  return PLAIN_DECIMAL.test(value.text)
    ? value.text
    : neutralizeFormula(withoutInvisibleFormatting(value.text));
}

/** One quoted field: `"…"` with inner quotes doubled. */
export function csvField(value: CsvValue): string {
  // Most of an export's cells are empty (48 columns a row).
  if (value === '' || value === null || value === undefined) return '""';
  return `"${cellText(value).replaceAll('"', '""')}"`;
}

/** One record (no line terminator). */
export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}

export interface ToCsvOptions {
  /** Prepend a UTF-8 byte-order mark (default false; see the module comment). */
  bom?: boolean;
}

/** The whole file: every record quoted and terminated by CRLF. */
export function toCsv(rows: readonly (readonly CsvValue[])[], options: ToCsvOptions = {}): string {
  const body = rows.map((row) => csvRecord(row) + CSV_LINE_SEPARATOR).join('');
  return options.bom ? UTF8_BOM + body : body;
}
