/** An import's stored row and its image progress, read into the API's CatalogueImport. */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  catalogueFormatSchema,
  skippedProductSchema,
  type CatalogueImport,
  type ImageFailure,
} from '#domain/catalogue-import.js';
import type { CatalogueImportsTable } from '../db/schema.js';
import { isoString } from '../catalog/index.js';

const outcomeSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.array(skippedProductSchema),
  error: z.string().nullish(),
});
export type ImportOutcome = z.infer<typeof outcomeSchema>;

const failuresSchema = z.array(z.object({ url: z.string(), reason: z.string() }));

/** The image job's counts per item state, summed in SQL, and the first items with failures. */
export interface ImageProgress {
  counts: readonly {
    state: 'pending' | 'fetching' | 'done';
    products: string | number;
    fetched: string | number | null;
    failed: string | number | null;
  }[];
  failed: readonly { productId: string; sourceKey: string; line: number; failures: string }[];
}

export function importView(
  row: Selectable<CatalogueImportsTable>,
  progress: ImageProgress,
  listedMax: number,
): CatalogueImport {
  const outcome = outcomeSchema.safeParse(JSON.parse(row.outcome)).data ?? {
    created: 0,
    updated: 0,
    skipped: [],
  };
  let pending = 0;
  let done = 0;
  let fetched = 0;
  let failed = 0;
  for (const group of progress.counts) {
    if (group.state !== 'done') {
      pending += Number(group.products);
      continue;
    }
    done += Number(group.products);
    fetched += Number(group.fetched ?? 0);
    failed += Number(group.failed ?? 0);
  }
  const failures: ImageFailure[] = progress.failed
    .flatMap((item) =>
      (failuresSchema.safeParse(JSON.parse(item.failures)).data ?? []).map((failure) => ({
        line: item.line,
        key: item.sourceKey,
        productId: item.productId,
        ...failure,
      })),
    )
    .slice(0, listedMax);
  return {
    id: row.id,
    fileName: row.fileName,
    format: catalogueFormatSchema.safeParse(row.format).data ?? null,
    state: row.state,
    created: outcome.created,
    updated: outcome.updated,
    skipped: outcome.skipped,
    error: outcome.error ?? null,
    images: { pending, done, fetched, failed, failures },
    createdAt: isoString(row.createdAt),
  };
}
