/** Shared by the library tests: library products written straight into the database. */
import { randomUUID } from 'node:crypto';
import type { GapCounts } from '#domain/catalogue-gaps.js';
import type { ImproveRun } from '#domain/improve-run.js';
import type { LibraryGaps, LibraryPage } from '#domain/library.js';
import type { StoreStatus } from '#domain/products.js';
import type { Account } from '../products/support.js';
import type { TestApp } from '../support/harness.js';

export interface SeedProduct {
  title: string;
  description?: string;
  tags?: string[];
  priceCents?: number | null;
  /** Minutes after 2026-01-01: larger is newer in the library. */
  minute?: number;
  storeStatus?: StoreStatus;
  status?: 'draft' | 'saved' | 'published';
  seoTitle?: string;
  seoDescription?: string;
  altText?: string;
  /** A category's full name (its id made from it); none when absent. */
  category?: string;
}

/** Saved products of `userId` (not on the review list); returns their ids in order. */
export async function seedLibrary(
  h: TestApp,
  userId: string,
  products: readonly SeedProduct[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, product] of products.entries()) {
    const id = randomUUID();
    const at = new Date(Date.UTC(2026, 0, 1, 0, product.minute ?? i)).toISOString();
    const status = product.status ?? 'saved';
    await h.db
      .insertInto('products')
      .values({
        id,
        userId,
        imageId: randomUUID(),
        fileName: 'seeded.jpg',
        title: product.title,
        description: product.description ?? '',
        tags: JSON.stringify(product.tags ?? []),
        priceCents: product.priceCents === undefined ? 1000 : product.priceCents,
        priceLowCents: null,
        priceHighCents: null,
        priceBasis: null,
        categoryId: product.category ? 'gid://shopify/TaxonomyCategory/hg-3' : null,
        categoryFullName: product.category ?? null,
        categoryConfidence: product.category ? 1 : null,
        seoTitle: product.seoTitle ?? '',
        seoDescription: product.seoDescription ?? '',
        altText: product.altText ?? '',
        attributes: null,
        generationState: 'ready',
        generationErrorCode: null,
        generationErrorMessage: null,
        generationRetryable: null,
        creditBucket: null,
        creditState: 'spent',
        barcode: null,
        status,
        inReview: status === 'draft' ? 1 : 0,
        savedAt: status === 'draft' ? null : at,
        libraryAddedAt: status === 'draft' ? null : at,
        storeStatus: product.storeStatus ?? 'active',
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

export async function makePremium(h: TestApp, userId: string): Promise<void> {
  await h.db.updateTable('users').set({ planName: 'premium' }).where('id', '=', userId).execute();
}

export function libraryRequest(
  a: Account,
  query: Record<string, string | number> = {},
  path = '/api/library',
) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  return a.client.request({ url: `${path}?${search}`, cookie: a.cookie });
}

/** GET /api/library/gaps expecting 200: each gap's count over the search. */
export async function libraryGaps(a: Account, q = ''): Promise<GapCounts> {
  const response = await libraryRequest(a, q ? { q } : {}, '/api/library/gaps');
  if (response.statusCode !== 200) {
    throw new Error(`library gaps answered ${response.statusCode}: ${response.body}`);
  }
  return (response.json() as LibraryGaps).gaps;
}

/** GET /api/library expecting 200. */
export async function libraryPage(
  a: Account,
  query: Record<string, string | number> = {},
): Promise<LibraryPage> {
  const response = await libraryRequest(a, query);
  if (response.statusCode !== 200) {
    throw new Error(`library answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as LibraryPage;
}

/** The titles a search finds (first page of 100). */
export async function titlesFound(a: Account, q: string): Promise<string[]> {
  return (await libraryPage(a, { q, limit: 100 })).products.map((p) => p.title);
}

/** POST /api/library/improve-runs: the reply as it came (202 with the run, or a refusal). */
export function startImproveRun(a: Account, payload: Record<string, unknown>) {
  return a.client.request({
    method: 'POST',
    url: '/api/library/improve-runs',
    payload,
    cookie: a.cookie,
  });
}

/** GET /api/library/improve-runs/:id expecting 200. */
export async function improveRunOf(a: Account, id: string): Promise<ImproveRun> {
  const response = await a.client.request({
    url: `/api/library/improve-runs/${id}`,
    cookie: a.cookie,
  });
  if (response.statusCode !== 200) {
    throw new Error(`improve run answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as ImproveRun;
}

/** Starts a run on `ids` expecting 202, waits for the job, and returns the finished run. */
export async function improveAndWait(
  h: TestApp,
  a: Account,
  ids: string[],
  fields: string[],
  mode: string,
): Promise<ImproveRun> {
  const response = await startImproveRun(a, { selection: { kind: 'ids', ids }, fields, mode });
  if (response.statusCode !== 202) {
    throw new Error(`improve answered ${response.statusCode}: ${response.body}`);
  }
  await h.library.improveRuns.idle();
  return improveRunOf(a, (response.json() as ImproveRun).id);
}
