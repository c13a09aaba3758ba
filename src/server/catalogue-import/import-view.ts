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
const imagesSchema = z.array(z.object({ url: z.string() }));

export interface ItemProgress {
  productId: string;
  sourceKey: string;
  line: number;
  state: 'pending' | 'fetching' | 'done';
  failures: string;
  images: string;
}

export function importView(
  row: Selectable<CatalogueImportsTable>,
  items: readonly ItemProgress[],
): CatalogueImport {
  const outcome = outcomeSchema.safeParse(JSON.parse(row.outcome)).data ?? {
    created: 0,
    updated: 0,
    skipped: [],
  };
  const failures: ImageFailure[] = [];
  let pending = 0;
  let done = 0;
  let fetched = 0;
  for (const item of items) {
    if (item.state !== 'done') {
      pending += 1;
      continue;
    }
    done += 1;
    const failed = failuresSchema.safeParse(JSON.parse(item.failures)).data ?? [];
    const named = imagesSchema.safeParse(JSON.parse(item.images)).data ?? [];
    fetched += Math.max(0, named.length - failed.length);
    for (const failure of failed) {
      failures.push({
        line: item.line,
        key: item.sourceKey,
        productId: item.productId,
        ...failure,
      });
    }
  }
  return {
    id: row.id,
    fileName: row.fileName,
    format: catalogueFormatSchema.safeParse(row.format).data ?? null,
    state: row.state,
    created: outcome.created,
    updated: outcome.updated,
    skipped: outcome.skipped,
    error: outcome.error ?? null,
    images: { pending, done, fetched, failures },
    createdAt: isoString(row.createdAt),
  };
}
