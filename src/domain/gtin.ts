/**
 * GTINs (the numbers under EAN/UPC barcodes) and their GS1 check digit. A barcode reader can
 * misread a bar, so a number only counts as a GTIN when its check digit agrees with the rest.
 *
 * Lengths: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13), GTIN-14 (cases, GS1-128's AI 01).
 * A UPC-E symbol is a zero-suppressed GTIN-12: it is expanded first, and its check digit is the
 * expanded number's.
 */

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** The GS1 check digit for the digits before it: weights 3,1,3,… from the right. */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError(`not a digit string: ${JSON.stringify(body)}`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is 8, 12, 13 or 14 digits with a correct check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^\d+$/.test(code) || !GTIN_LENGTHS.has(code.length)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.at(-1));
}

/**
 * The 12-digit UPC-A number an 8-digit UPC-E code stands for (number system 0 or 1, six
 * digits, check digit), or null when `code` is not UPC-E shaped. The check digit is carried
 * over, not recomputed: validate the result with {@link isValidGtin}.
 */
export function expandUpcE(code: string): string | null {
  if (!/^[01]\d{7}$/.test(code)) return null;
  const system = code[0]!;
  const [d1, d2, d3, d4, d5, d6] = code.slice(1, 7);
  const check = code[7]!;
  let body: string;
  switch (d6) {
    case '0':
    case '1':
    case '2':
      body = `${d1}${d2}${d6}0000${d3}${d4}${d5}`;
      break;
    case '3':
      body = `${d1}${d2}${d3}00000${d4}${d5}`;
      break;
    case '4':
      body = `${d1}${d2}${d3}${d4}00000${d5}`;
      break;
    default:
      body = `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  }
  return `${system}${body}${check}`;
}

/** The symbologies a GTIN can come from, by how their text encodes it. */
export type GtinSource = 'ean-upc' | 'upc-e' | 'gs1-hri';

/**
 * The GTIN a barcode's text carries, or null when it carries none or its check digit is wrong.
 * - 'ean-upc': the text is the number (EAN-13, EAN-8, UPC-A).
 * - 'upc-e': the 8-digit UPC-E text, returned expanded to its GTIN-12.
 * - 'gs1-hri': GS1 element strings in human-readable form, e.g. "(01)09501101530003(10)AB1";
 *   the GTIN is the value of application identifier 01.
 */
export function gtinFromBarcodeText(source: GtinSource, text: string): string | null {
  const trimmed = text.trim();
  let candidate: string | null;
  if (source === 'upc-e') candidate = expandUpcE(trimmed);
  else if (source === 'gs1-hri') candidate = /^\(01\)(\d{14})(?:\(|$)/.exec(trimmed)?.[1] ?? null;
  else candidate = trimmed;
  return candidate !== null && isValidGtin(candidate) ? candidate : null;
}
