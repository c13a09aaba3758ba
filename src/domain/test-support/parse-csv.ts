/**
 * A small, strict RFC 4180 CSV parser, used only by tests to read the exporters' output and the
 * reference fixtures. Accepts CRLF, LF or CR record separators, quoted fields with doubled
 * quotes and embedded separators/line breaks, and an optional final line break. Throws on
 * malformed input (a quote inside an unquoted field, text after a closing quote, an unclosed
 * quote) instead of guessing.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  // True once the current record has any content (so a trailing line break ends the file).
  let inRecord = false;

  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    rows.push(row);
    row = [];
    inRecord = false;
  };

  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') {
      if (field !== '') throw new Error(`Quote inside an unquoted field at offset ${i}`);
      inRecord = true;
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('Unclosed quoted field');
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += c;
        i += 1;
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new Error(`Unexpected ${JSON.stringify(next)} after a closing quote at offset ${i}`);
      }
    } else if (char === ',') {
      inRecord = true;
      endField();
      i += 1;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      inRecord = true;
      field += char;
      i += 1;
    }
  }
  if (inRecord) endRecord();
  return rows;
}

/** Rows as objects keyed by the header row (first row). */
export function parseCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}
