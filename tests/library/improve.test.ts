import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Suggestion } from '#domain/catalogue-improve.js';
import type { ImproveRunLine } from '#domain/improve-run.js';
import type { BulkReply } from '#domain/library.js';
import type { Product } from '#domain/products.js';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';
import { createLocalVisionProvider } from '#server/vision/providers/local/local-provider.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, balanceOf, ledgerOf, setBalance, type Account } from '../products/support.js';
import {
  afterImages,
  imported,
  productsOf,
  startImageServer,
  type ImageServer,
} from '../catalogue-import/support.js';
import { improveAndWait, makePremium, startImproveRun } from './support.js';

/** The local provider's templates on fixed evidence: a brown something on white, not named. */
const BROWN_THING: ListingEvidence = {
  photo: {
    width: 512,
    height: 512,
    orientation: 'square',
    background: { kind: 'plain', color: 'white', hex: '#ffffff', uniformity: 0.95 },
    colorRegion: 'subject',
    colors: [{ name: 'brown', hex: '#5c3a21', share: 0.7 }],
    subjectArea: 0.4,
    sharpness: { level: 'sharp', blur: 0.1 },
    brightness: { level: 'balanced', meanLightness: 60 },
  },
  classes: [{ index: 904, label: 'window screen', score: 0.3 }],
  text: { lines: [], rotation: 0 },
  barcode: null,
};

function bulk(a: Account, payload: Record<string, unknown>) {
  return a.client.request({
    method: 'POST',
    url: '/api/library/bulk',
    payload,
    cookie: a.cookie,
  });
}

let h: TestApp;

/** Improve as a run, waited for: its report's lines in the selection's order. */
async function improve(
  a: Account,
  ids: string[],
  fields: string[],
  mode: string,
): Promise<ImproveRunLine[]> {
  const run = await improveAndWait(h, a, ids, fields, mode);
  return ids.map((id) => run.lines.find((line) => line.id === id)!);
}

async function product(a: Account, id: string): Promise<Product> {
  const response = await a.client.request({ url: '/api/library?limit=100', cookie: a.cookie });
  const found = response.json<{ products: Product[] }>().products.find((p) => p.id === id);
  if (!found) throw new Error(`product ${id} not in the library`);
  return found;
}

const suggestionOf = (p: Product, field: Suggestion['field']) =>
  p.suggestions.find((s) => s.field === field);

describe('Improve: suggestions from photos and the seller’s words, one credit per product once', () => {
  let images: ImageServer;
  let seller: Account;
  let board: string;
  let lamp: string;
  beforeAll(async () => {
    images = await startImageServer();
    h = await startTestApp({
      env: { IMAGE_FETCH_ALLOW_ADDRESSES: '127.0.0.1' },
      visionProvider: createLocalVisionProvider({
        analyzer: { analyze: () => Promise.resolve({ evidence: BROWN_THING }) },
      }),
    });
    seller = await account(h, 'improve');
    await makePremium(h, seller.id);
    const file = [
      'Handle,Title,Body (HTML),Tags,Image Src,SEO Title,SEO Description',
      `board,Serving board,<p>Cut from solid oak and oiled by hand. 40 x 25 cm.</p>,kitchen,${images.url}/photo.jpg,,`,
      `lamp,Desk lamp,<p>A lamp for the desk with a warm light for reading at night.</p>,home,${images.url}/photo.jpg,Desk lamp,A warm desk lamp`,
      '',
    ].join('\n');
    const started = await imported(seller, 'improve.csv', file);
    await afterImages(h, seller, started.id);
    const rows = await productsOf(h, seller.id);
    board = rows.find((row) => row.sourceKey === 'board')!.id;
    lamp = rows.find((row) => row.sourceKey === 'lamp')!.id;
  });
  afterAll(async () => {
    await h?.close();
    await images?.close();
  });

  it('fills only empty fields, suggests without changing the product, and charges one credit', async () => {
    const before = await balanceOf(h, seller.id);
    const [result] = await improve(
      seller,
      [board],
      ['seo', 'attributes', 'description'],
      'fill-empty',
    );
    expect(result).toMatchObject({ id: board, outcome: 'improved' });
    expect(result!.message).toMatch(
      /^1 credit · suggested: SEO title, SEO description, Attributes\.$/,
    );

    const after = await product(seller, board);
    // Nothing changed yet: the description was not empty, so none is suggested for it.
    expect(after.seoTitle).toBe('');
    expect(suggestionOf(after, 'description')).toBeUndefined();
    expect(suggestionOf(after, 'seoTitle')?.value).toMatch(/Serving board/i);
    // The seller's own words are facts, with their evidence.
    const attributes = suggestionOf(after, 'attributes');
    expect(attributes?.value).toEqual([
      { name: 'Material', value: 'Oak' },
      { name: 'Size', value: '40 × 25 cm' },
    ]);
    expect(attributes?.evidence?.sources[0]).toMatch(/^your description: ".*solid oak/);

    const spent = await balanceOf(h, seller.id);
    expect(spent.subscriptionCredits + spent.fixedCredits).toBe(
      before.subscriptionCredits + before.fixedCredits - 1,
    );
    expect((await ledgerOf(h, seller.id)).filter((row) => row.reason === 'improve')).toHaveLength(
      1,
    );
  });

  it('costs nothing to run again on the same photos and text', async () => {
    const before = await balanceOf(h, seller.id);
    const [result] = await improve(seller, [board], ['seo', 'description'], 'rewrite');
    expect(result).toMatchObject({ outcome: 'improved' });
    expect(result!.message).toMatch(/^No credit \(improved before\)/);
    expect(await balanceOf(h, seller.id)).toEqual(before);
    // Rewrite drafts the description too, the old one's facts kept and pointed at.
    const description = suggestionOf(await product(seller, board), 'description');
    expect(description?.value).toMatch(/oak/i);
    expect(description?.value).toMatch(/40 × 25 cm/);
    expect(description?.evidence?.sources.some((s) => s.startsWith('your description:'))).toBe(
      true,
    );
  });

  it('skips a product whose picked fields are all filled, at no cost', async () => {
    const before = await balanceOf(h, seller.id);
    const [result] = await improve(seller, [lamp], ['seo', 'tags'], 'fill-empty');
    expect(result).toMatchObject({ outcome: 'unchanged' });
    expect(result!.message).toMatch(/already filled/);
    expect(await balanceOf(h, seller.id)).toEqual(before);
    expect((await product(seller, lamp)).suggestions).toEqual([]);
  });

  it('writes accepted fields, lets rejected ones go, keeps undo, and stays paid for', async () => {
    const shown = await product(seller, board);
    const suggested = suggestionOf(shown, 'description')!.value as string;
    const response = await seller.client.request({
      method: 'POST',
      url: `/api/product/${board}/suggestions`,
      payload: { accept: ['description', 'attributes'], reject: ['seoTitle'] },
      cookie: seller.cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Product>();
    expect(updated.description).toBe(suggested);
    expect(updated.confirmedAttributes).toContainEqual({ name: 'Material', value: 'Oak' });
    expect(updated.seoTitle).toBe('');
    expect(updated.suggestions.map((s) => s.field)).toEqual(['seoDescription']);

    const versions = await seller.client.request({
      url: `/api/product/${board}/versions`,
      cookie: seller.cookie,
    });
    const list = versions.json<{ versions: { field: string; cause: string; value: string }[] }>();
    // Undo goes back to the text as imported.
    expect(list.versions[0]).toMatchObject({ field: 'description', cause: 'import' });
    expect(list.versions[0]!.value).toMatch(/solid oak/);

    const before = await balanceOf(h, seller.id);
    const [again] = await improve(seller, [board], ['seo'], 'rewrite');
    expect(again!.message).toMatch(/^No credit/);
    expect(await balanceOf(h, seller.id)).toEqual(before);

    const decided = await seller.client.request({
      method: 'POST',
      url: `/api/product/${board}/suggestions`,
      payload: { accept: ['category'] },
      cookie: seller.cookie,
    });
    expect(decided.statusCode).toBe(409);
  });

  it('accepts or rejects every pending suggestion of a selection', async () => {
    await improve(seller, [lamp], ['attributes', 'description'], 'rewrite');
    const reply = await bulk(seller, {
      selection: { kind: 'ids', ids: [lamp, board] },
      action: { type: 'suggestions', decision: 'reject' },
    });
    const results = reply.json<BulkReply>().results;
    expect(results.find((r) => r.id === lamp)).toMatchObject({ outcome: 'done' });
    expect((await product(seller, lamp)).suggestions).toEqual([]);
    expect((await product(seller, board)).suggestions).toEqual([]);
  });

  it('refuses up front when no credit is left and nothing was paid for, writing nothing', async () => {
    const broke = await account(h, 'improve-broke');
    await makePremium(h, broke.id);
    const started = await imported(
      broke,
      'one.csv',
      `Handle,Title,Body (HTML)\nmug,Blue mug,<p>A mug of stoneware.</p>\n`,
    );
    await afterImages(h, broke, started.id);
    const [row] = await productsOf(h, broke.id);
    await setBalance(h, broke.id, { subscriptionCredits: 0, fixedCredits: 0 });
    const refused = await startImproveRun(broke, {
      selection: { kind: 'ids', ids: [row!.id] },
      fields: ['seo'],
      mode: 'fill-empty',
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json<{ error: string }>().error).toMatch(/no credits left/);
    expect((await product(broke, row!.id)).suggestions).toEqual([]);
    expect(
      await h.db.selectFrom('improveRuns').selectAll().where('userId', '=', broke.id).execute(),
    ).toEqual([]);
  });

  it('another seller’s product: not found, nothing changes', async () => {
    const other = await account(h, 'improve-other');
    await makePremium(h, other.id);
    const refused = await startImproveRun(other, {
      selection: { kind: 'ids', ids: [board] },
      fields: ['seo'],
      mode: 'rewrite',
    });
    expect(refused.statusCode).toBe(404);
    const decided = await other.client.request({
      method: 'POST',
      url: `/api/product/${board}/suggestions`,
      payload: { accept: ['seoDescription'] },
      cookie: other.cookie,
    });
    expect(decided.statusCode).toBe(404);
  });

  it('refuses a malformed request and a free seller', async () => {
    for (const payload of [
      { selection: { kind: 'ids', ids: [board] }, fields: ['price'], mode: 'fill-empty' },
      { selection: { kind: 'ids', ids: [board] }, fields: ['seo'], mode: 'everything' },
      { selection: { kind: 'ids', ids: [board] }, fields: [], mode: 'rewrite' },
      { fields: ['seo'], mode: 'rewrite' },
      { selection: { kind: 'ids', ids: [board] }, fields: ['seo'], mode: 'rewrite', extra: 1 },
    ]) {
      expect((await startImproveRun(seller, payload)).statusCode).toBe(400);
    }
    // Improve is not a bulk action any more: its run has the progress.
    const asBulk = await bulk(seller, {
      selection: { kind: 'ids', ids: [board] },
      action: { type: 'improve', fields: ['seo'], mode: 'rewrite' },
    });
    expect(asBulk.statusCode).toBe(400);
    const free = await account(h, 'improve-free');
    const refused = await startImproveRun(free, {
      selection: { kind: 'ids', ids: [board] },
      fields: ['seo'],
      mode: 'rewrite',
    });
    expect(refused.statusCode).toBe(403);
  });
});
