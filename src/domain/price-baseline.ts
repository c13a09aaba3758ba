/**
 * Typical US retail prices per Shopify taxonomy category (the shipped price-baseline.csv): parse
 * the table and look a category up, walking up to the nearest ancestor that has a row. Pure; the
 * server reads the file (src/server/vision/pricing/).
 */
import { z } from 'zod';

export interface PriceBaselineRow {
  /** Short Shopify taxonomy id, e.g. 'aa-1-13-8'. */
  taxonomyId: string;
  fullName: string;
  /** Distinct products behind the row. */
  n: number;
  p10: number;
  p25: number;
  median: number;
  p75: number;
  p90: number;
  source: string;
  year: number;
}

export interface PriceLookup {
  row: PriceBaselineRow;
  /** False when the category had no row and an ancestor's row was used (a weaker estimate). */
  exact: boolean;
}

/** One broad figure over the whole table, for a product whose category is not known. */
export interface OverallPriceFigure {
  low: number;
  median: number;
  high: number;
  /** Products behind the figure (the top-level rows' n summed). */
  n: number;
  source: string;
  year: number;
}

export interface PriceBaseline {
  rows: readonly PriceBaselineRow[];
  /** The row for a short id or GID, or its nearest ancestor's; null when none has one. */
  lookup(taxonomyIdOrGid: string): PriceLookup | null;
  overall: OverallPriceFigure;
}

export const PRICE_BASELINE_COLUMNS = [
  'taxonomy_id',
  'taxonomy_full_name',
  'n',
  'p10',
  'p25',
  'median',
  'p75',
  'p90',
  'source',
  'year',
] as const;

const price = z.coerce.number().finite().min(0);

const rowSchema = z
  .object({
    taxonomy_id: z.string().regex(/^[a-z]{2}(-\d+)*$/),
    taxonomy_full_name: z.string().min(1),
    n: z.coerce.number().int().positive(),
    p10: price,
    p25: price,
    median: price,
    p75: price,
    p90: price,
    source: z.string().min(1),
    year: z.coerce.number().int(),
  })
  .refine(
    (row) =>
      row.p10 <= row.p25 && row.p25 <= row.median && row.median <= row.p75 && row.p75 <= row.p90,
    'quantiles must not decrease',
  );

/** RFC 4180 fields of one line: quoted fields may hold commas and doubled quotes. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  if (quoted) throw new Error('price baseline: unterminated quote');
  fields.push(field);
  return fields;
}

export function parsePriceBaselineRows(csv: string): PriceBaselineRow[] {
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  if (header === undefined || splitCsvLine(header).join(',') !== PRICE_BASELINE_COLUMNS.join(',')) {
    throw new Error(`price baseline: expected the columns ${PRICE_BASELINE_COLUMNS.join(',')}`);
  }
  return lines.map((line, index) => {
    const fields = splitCsvLine(line);
    const record = Object.fromEntries(
      PRICE_BASELINE_COLUMNS.map((column, i) => [column, fields[i]]),
    );
    const parsed = rowSchema.safeParse(record);
    if (!parsed.success) {
      throw new Error(`price baseline line ${index + 2}: ${parsed.error.issues[0]?.message}`);
    }
    const row = parsed.data;
    return {
      taxonomyId: row.taxonomy_id,
      fullName: row.taxonomy_full_name,
      n: row.n,
      p10: row.p10,
      p25: row.p25,
      median: row.median,
      p75: row.p75,
      p90: row.p90,
      source: row.source,
      year: row.year,
    };
  });
}

/** The value below which half of the total weight lies (lower weighted median). */
export function weightedMedian(items: readonly { value: number; weight: number }[]): number {
  const sorted = [...items].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, item) => sum + item.weight, 0);
  if (sorted.length === 0 || total <= 0) throw new Error('weightedMedian: no weight');
  let running = 0;
  for (const item of sorted) {
    running += item.weight;
    if (running >= total / 2) return item.value;
  }
  return sorted[sorted.length - 1]!.value;
}

/** 'aa-1-13-8' → 'aa-1-13'; a top-level id has no parent. */
function parentId(id: string): string | null {
  const cut = id.lastIndexOf('-');
  return cut === -1 ? null : id.slice(0, cut);
}

export function buildPriceBaseline(rows: readonly PriceBaselineRow[]): PriceBaseline {
  const byId = new Map(rows.map((row) => [row.taxonomyId, row]));
  const topLevel = rows.filter((row) => parentId(row.taxonomyId) === null);
  if (topLevel.length === 0) throw new Error('price baseline: no top-level rows');
  const weighted = (pick: (row: PriceBaselineRow) => number) =>
    weightedMedian(topLevel.map((row) => ({ value: pick(row), weight: row.n })));
  // Each product is counted once among the top-level rows (in its own vertical), so weighting
  // their quantiles by n approximates the quantiles over every product in the table.
  const overall: OverallPriceFigure = {
    low: weighted((row) => row.p25),
    median: weighted((row) => row.median),
    high: weighted((row) => row.p75),
    n: topLevel.reduce((sum, row) => sum + row.n, 0),
    source: topLevel[0]!.source,
    year: Math.max(...topLevel.map((row) => row.year)),
  };

  function lookup(taxonomyIdOrGid: string): PriceLookup | null {
    const requested = taxonomyIdOrGid.trim().replace(/^gid:\/\/shopify\/TaxonomyCategory\//, '');
    for (let id: string | null = requested; id !== null; id = parentId(id)) {
      const row = byId.get(id);
      if (row) return { row, exact: id === requested };
    }
    return null;
  }

  return { rows, lookup, overall };
}

export function parsePriceBaseline(csv: string): PriceBaseline {
  return buildPriceBaseline(parsePriceBaselineRows(csv));
}
