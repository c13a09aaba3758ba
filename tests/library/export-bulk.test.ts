import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkReply } from '#domain/library.js';
import { parseCsv, parseCsvObjects } from '#domain/test-support/parse-csv.js';
import { SHOPIFY_CSV_HEADERS } from '#domain/export-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  account,
  listProducts,
  photo,
  productRows,
  uploadOk,
  type Account,
} from '../products/support.js';
import { libraryPage, makePremium, seedLibrary } from './support.js';

describe('library: exports and bulk actions', () => {
  let h: TestApp;
  let seller: Account;
  let other: Account;
  let otherIds: string[];
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'bulk');
    other = await account(h, 'bulk-other');
    await makePremium(h, seller.id);
    await makePremium(h, other.id);
    await seedLibrary(h, seller.id, [
      { title: 'Blue vase', minute: 1 },
      { title: 'Blue vase', minute: 2, storeStatus: 'archived' },
      { title: 'Green lamp', minute: 3, storeStatus: 'draft' },
      { title: 'Draft still in review', status: 'draft', minute: 4 },
    ]);
    otherIds = await seedLibrary(h, other.id, [{ title: 'Blue vase of someone else', minute: 5 }]);
  });
  afterAll(async () => {
    await h?.close();
  });

  function download(platform: string, query = '') {
    return seller.client.request({
      url: `/api/library/export/${platform}${query}`,
      cookie: seller.cookie,
    });
  }

  function bulk(a: Account, payload: Record<string, unknown>) {
    return a.client.request({
      method: 'POST',
      url: '/api/library/bulk',
      cookie: a.cookie,
      payload,
    });
  }

  it('Shopify: the whole library, newest first, unique handles, each product’s store status', async () => {
    const response = await download('shopify');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="shopify-products.csv"',
    );
    expect(parseCsv(response.body)[0]).toEqual([...SHOPIFY_CSV_HEADERS]);
    const rows = parseCsvObjects(response.body);
    expect(rows.map((row) => [row.Title, row.Handle, row.Status])).toEqual([
      ['Green lamp', 'green-lamp', 'draft'],
      ['Blue vase', 'blue-vase', 'archived'],
      ['Blue vase', 'blue-vase-2', 'active'],
    ]);
  });

  it('Squarespace: hidden unless active', async () => {
    const response = await download('squarespace');
    expect(response.statusCode).toBe(200);
    const rows = parseCsvObjects(response.body);
    expect(rows.map((row) => [row.Title, row.Visible])).toEqual([
      ['Green lamp', 'No'],
      ['Blue vase', 'No'],
      ['Blue vase', 'Yes'],
    ]);
  });

  it('exports search results or a selection; another seller’s ids are silently absent', async () => {
    const search = parseCsvObjects((await download('shopify', '?q=lamp')).body);
    expect(search.map((row) => row.Title)).toEqual(['Green lamp']);
    const page = await libraryPage(seller);
    const lamp = page.products.find((p) => p.title === 'Green lamp')!;
    const ids = [lamp.id, otherIds[0]!, 'not-a-product'].join(',');
    const selection = await download('shopify', `?ids=${encodeURIComponent(ids)}`);
    expect(selection.statusCode).toBe(200);
    expect(parseCsvObjects(selection.body).map((row) => row.Title)).toEqual(['Green lamp']);
    expect(selection.body).not.toContain('someone else');
    expect((await download('shopify', '?q=a&ids=x')).statusCode).toBe(400);
    expect((await download('excel')).statusCode).toBe(400);
  });

  it('exports a selection too long for an address from a POST body', async () => {
    const page = await libraryPage(seller);
    const lamp = page.products.find((p) => p.title === 'Green lamp')!;
    // A thousand ids (~37 KB) would be refused in a query string (431).
    const filler = Array.from(
      { length: 997 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const ids = [lamp.id, otherIds[0]!, ...filler];
    const post = (payload: unknown) =>
      seller.client.request({
        method: 'POST',
        url: '/api/library/export/squarespace',
        cookie: seller.cookie,
        payload: payload as Record<string, unknown>,
      });
    const response = await post({ selection: { kind: 'ids', ids } });
    expect(response.statusCode).toBe(200);
    expect(parseCsvObjects(response.body).map((row) => row.Title)).toEqual(['Green lamp']);
    expect(response.body).not.toContain('someone else');
    expect((await post({ selection: { kind: 'ids', ids: [] } })).statusCode).toBe(400);
    expect((await post({ ids })).statusCode).toBe(400);
  });

  it('set-status: per product, another seller’s id reported as not found and left alone', async () => {
    const page = await libraryPage(seller);
    const ids = page.products.map((p) => p.id);
    const response = await bulk(seller, {
      selection: { kind: 'ids', ids: [...ids, otherIds[0]] },
      action: { type: 'set-status', status: 'archived' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as BulkReply;
    expect(
      results
        .filter((r) => r.outcome === 'done')
        .map((r) => r.id)
        .sort(),
    ).toEqual([...ids].sort());
    expect(results.find((r) => r.id === otherIds[0])).toMatchObject({
      outcome: 'failed',
      message: 'This product is not in your library.',
    });
    expect((await libraryPage(seller)).products.every((p) => p.storeStatus === 'archived')).toBe(
      true,
    );
    expect((await libraryPage(other)).products[0]!.storeStatus).toBe('active');
  });

  it('refuses a bad request and changes nothing', async () => {
    for (const payload of [
      {},
      { selection: { kind: 'ids', ids: [] }, action: { type: 'delete' } },
      { selection: { kind: 'search', q: '' }, action: { type: 'set-status', status: 'gone' } },
      { selection: { kind: 'all' }, action: { type: 'delete' } },
    ]) {
      const response = await bulk(seller, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await libraryPage(seller)).total).toBe(3);
  });

  it('delete of a search: only the seller’s matches go, nothing of anyone else', async () => {
    const response = await bulk(seller, {
      selection: { kind: 'search', q: 'vase' },
      action: { type: 'delete' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { results } = response.json() as BulkReply;
    expect(results.map((r) => [r.title, r.outcome, r.message])).toEqual([
      ['Blue vase', 'done', 'Deleted.'],
      ['Blue vase', 'done', 'Deleted.'],
    ]);
    expect((await libraryPage(seller)).products.map((p) => p.title)).toEqual(['Green lamp']);
    expect(await productRows(h, other.id)).toHaveLength(1);
    // The review draft was not in the library: untouched.
    expect((await productRows(h, seller.id)).map((row) => row.title).sort()).toEqual([
      'Draft still in review',
      'Green lamp',
    ]);
  });

  it('delete by ids including another seller’s: theirs stays whole', async () => {
    const response = await bulk(seller, {
      selection: { kind: 'ids', ids: otherIds },
      action: { type: 'delete' },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as BulkReply).results).toEqual([
      {
        id: otherIds[0],
        title: '',
        outcome: 'failed',
        message: 'This product is not in your library.',
      },
    ]);
    expect(await productRows(h, other.id)).toHaveLength(1);
  });

  it('regenerate: title and description again, except what the seller edited', async () => {
    const writer = await account(h, 'regenerate');
    await makePremium(h, writer.id);
    await h.db
      .updateTable('users')
      .set({ subscriptionCredits: 10 })
      .where('id', '=', writer.id)
      .execute();
    await uploadOk(writer, [
      photo('home-mug-black-yellow.jpg'),
      photo('toys-football.jpg'),
      photo('accessories-belt-leather.jpg'),
    ]);
    await h.generationIdle();
    const [a, b, c] = await listProducts(writer);
    const edit = (id: string, payload: object) =>
      writer.client.request({
        method: 'PATCH',
        url: `/api/product/${id}`,
        cookie: writer.cookie,
        payload,
      });
    expect((await edit(b!.id, { title: 'My own title' })).statusCode).toBe(200);
    expect(
      (await edit(c!.id, { title: 'Mine too', description: 'My own words.' })).statusCode,
    ).toBe(200);

    const response = await bulk(writer, {
      selection: { kind: 'ids', ids: [a!.id, b!.id, c!.id] },
      action: { type: 'regenerate' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const byId = new Map((response.json() as BulkReply).results.map((r) => [r.id, r]));
    expect(byId.get(a!.id)).toMatchObject({
      outcome: 'done',
      message: 'New title and description written.',
    });
    expect(byId.get(b!.id)).toMatchObject({
      outcome: 'done',
      message: 'New description written; your title was kept because you edited it.',
    });
    expect(byId.get(c!.id)).toMatchObject({
      outcome: 'skipped',
      message: 'You edited the title and the description, so both were kept.',
    });
    const after = new Map((await libraryPage(writer)).products.map((p) => [p.id, p]));
    expect(after.get(a!.id)!.title).toMatch(/^Regenerated title/);
    expect(after.get(b!.id)!.title).toBe('My own title');
    expect(after.get(b!.id)!.description).not.toBe(b!.description);
    expect(after.get(c!.id)).toMatchObject({ title: 'Mine too', description: 'My own words.' });

    // A bulk delete removes the stored images as a single delete does.
    const imageId = a!.imageUrl.split('/')[3]!;
    expect((await h.uploadedFiles()).some((file) => file.includes(imageId))).toBe(true);
    const removed = await bulk(writer, {
      selection: { kind: 'ids', ids: [a!.id] },
      action: { type: 'delete' },
    });
    expect((removed.json() as BulkReply).results).toMatchObject([{ outcome: 'done' }]);
    expect((await h.uploadedFiles()).some((file) => file.includes(imageId))).toBe(false);
  });
});
