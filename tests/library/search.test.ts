import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { usingPostgres } from '../support/database.js';
import { account, setBalance, type Account } from '../products/support.js';
import { libraryPage, libraryRequest, makePremium, seedLibrary, titlesFound } from './support.js';

describe('library: pages and search on the server', () => {
  let h: TestApp;
  let seller: Account;
  let other: Account;
  let free: Account;
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'library');
    other = await account(h, 'other-library');
    free = await account(h, 'free-library');
    await makePremium(h, seller.id);
    await makePremium(h, other.id);
    await seedLibrary(h, seller.id, [
      { title: 'Café Crème Mug', description: 'A stoneware mug for espresso.', minute: 1 },
      { title: 'Workbench clamp BENCH-100821', tags: ['tools', 'clamp'], minute: 2 },
      { title: 'Leather wallet', description: 'Slim bifold, "quoted" edge.', minute: 3 },
      { title: 'Rock AND roll poster', priceCents: 2499, minute: 4 },
      { title: 'Ramen bowl', tags: ['kitchen'], minute: 5 },
      { title: 'Draft on the review list', status: 'draft', minute: 6 },
      { title: 'Naïve art print', tags: ['Décor'], minute: 7 },
    ]);
    await seedLibrary(h, other.id, [{ title: 'Other seller ramen bowl mug', minute: 9 }]);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the library newest first by libraryAddedAt, without review drafts or anyone else’s', async () => {
    const page = await libraryPage(seller);
    expect(page.products.map((p) => p.title)).toEqual([
      'Naïve art print',
      'Ramen bowl',
      'Rock AND roll poster',
      'Leather wallet',
      'Workbench clamp BENCH-100821',
      'Café Crème Mug',
    ]);
    expect(page.total).toBe(6);
    expect(page.nextCursor).toBeNull();
    expect(page.access).toEqual({ mode: 'editable' });
    expect(page.products[0]).toMatchObject({ status: 'saved', storeStatus: 'active' });
    expect(page.products[0]!.libraryAddedAt).toBe('2026-01-01T00:07:00.000Z');
  });

  it('pages with an opaque cursor until the end', async () => {
    const first = await libraryPage(seller, { limit: 4 });
    expect(first.products).toHaveLength(4);
    expect(first.total).toBe(6);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await libraryPage(seller, { limit: 4, cursor: first.nextCursor! });
    expect(second.products.map((p) => p.title)).toEqual([
      'Workbench clamp BENCH-100821',
      'Café Crème Mug',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('serves the page at an offset, continued by cursor, and only the seller’s own', async () => {
    const jump = await libraryPage(seller, { limit: 2, offset: 1 });
    expect(jump.products.map((p) => p.title)).toEqual(['Ramen bowl', 'Rock AND roll poster']);
    expect(jump.total).toBe(6);
    const next = await libraryPage(seller, { limit: 2, cursor: jump.nextCursor! });
    expect(next.products.map((p) => p.title)).toEqual([
      'Leather wallet',
      'Workbench clamp BENCH-100821',
    ]);
    const last = await libraryPage(seller, { limit: 4, offset: 4 });
    expect(last.products.map((p) => p.title)).toEqual([
      'Workbench clamp BENCH-100821',
      'Café Crème Mug',
    ]);
    expect(last.nextCursor).toBeNull();
    const beyond = await libraryPage(seller, { offset: 6 });
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(6);
    // Another seller's single product is theirs alone, at any offset.
    expect((await libraryPage(other, { offset: 0 })).total).toBe(1);
    expect((await libraryPage(other, { offset: 1 })).products).toEqual([]);
  });

  it('serves a search’s page at an offset (each database’s search path)', async () => {
    const all = await titlesFound(seller, 'r');
    expect(all).toHaveLength(2);
    const jump = await libraryPage(seller, { q: 'r', limit: 1, offset: 1 });
    expect(jump.products.map((p) => p.title)).toEqual(all.slice(1));
    expect(jump.nextCursor).toBeNull();
    expect(jump.total).toBe(all.length);
  });

  it('refuses an offset with a cursor, or one that is not a position, with 400', async () => {
    const first = await libraryPage(seller, { limit: 2 });
    const both = await libraryRequest(seller, { offset: 2, cursor: first.nextCursor! });
    expect(both.statusCode).toBe(400);
    for (const offset of ['-1', '1.5', 'x', '1000001']) {
      expect((await libraryRequest(seller, { offset })).statusCode, offset).toBe(400);
    }
  });

  it('refuses a forged or broken cursor with 400', async () => {
    const forged = Buffer.from(JSON.stringify({ p: "2026' or 1=1 --", i: 'x' })).toString(
      'base64url',
    );
    for (const cursor of [forged, 'not-base64-json', Buffer.from('[]').toString('base64url')]) {
      const response = await libraryRequest(seller, { cursor });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid-cursor' });
    }
    expect((await libraryRequest(seller, { limit: 0 })).statusCode).toBe(400);
    expect((await libraryRequest(seller, { limit: 101 })).statusCode).toBe(400);
  });

  it('matches case-insensitively and trimmed, ignoring accents either way', async () => {
    expect(await titlesFound(seller, '  cafe creme ')).toEqual(['Café Crème Mug']);
    expect(await titlesFound(seller, 'CAFÉ')).toEqual(['Café Crème Mug']);
    expect(await titlesFound(seller, 'naive')).toEqual(['Naïve art print']);
    // Tags count, accents folded there too.
    expect(await titlesFound(seller, 'decor')).toEqual(['Naïve art print']);
  });

  it('matches the last word as a prefix', async () => {
    expect(await titlesFound(seller, 'ram')).toEqual(['Ramen bowl']);
    expect(await titlesFound(seller, 'stone')).toEqual(['Café Crème Mug']);
    expect(await titlesFound(seller, 'leather wal')).toEqual(['Leather wallet']);
    // Only the last word: a cut-off first word finds nothing.
    expect(await titlesFound(seller, 'leath wallet')).toEqual([]);
  });

  it('reads hyphens, quotes and operators as words, never as query syntax', async () => {
    expect(await titlesFound(seller, 'BENCH-100821')).toEqual(['Workbench clamp BENCH-100821']);
    expect(await titlesFound(seller, 'bench-1008')).toEqual(['Workbench clamp BENCH-100821']);
    expect(await titlesFound(seller, '"quoted"')).toEqual(['Leather wallet']);
    expect(await titlesFound(seller, 'rock AND')).toEqual(['Rock AND roll poster']);
    for (const q of ['"', 'AND', 'OR', 'NOT', 'NEAR(', '*', 'a:b', "'", '\\', '(', '--']) {
      const response = await libraryRequest(seller, { q });
      expect(response.statusCode, q).toBe(200);
    }
    expect(await titlesFound(seller, '"')).toEqual([]);
    expect(await titlesFound(seller, 'and')).toEqual(['Rock AND roll poster']);
  });

  it('matches the price as a seller types it', async () => {
    expect(await titlesFound(seller, '24.99')).toEqual(['Rock AND roll poster']);
  });

  it('counts the matches, pages through them, and says so when nothing matches', async () => {
    const page = await libraryPage(seller, { q: 'mug' });
    expect(page.total).toBe(1);
    const none = await libraryPage(seller, { q: 'submarine' });
    expect(none).toMatchObject({ products: [], total: 0, nextCursor: null });
    const many = await libraryPage(seller, { q: 'r', limit: 1 });
    expect(many.products).toHaveLength(1);
    expect(many.nextCursor).not.toBeNull();
  });

  it('never finds another seller’s products', async () => {
    expect(await titlesFound(seller, 'other seller')).toEqual([]);
    expect(await titlesFound(other, 'ramen')).toEqual(['Other seller ramen bowl mug']);
    expect((await libraryPage(other)).total).toBe(1);
  });

  it('follows edits and deletions at once', async () => {
    const [bowl] = (await libraryPage(seller, { q: 'ramen' })).products;
    const patched = await seller.client.request({
      method: 'PATCH',
      url: `/api/product/${bowl!.id}`,
      cookie: seller.cookie,
      payload: { title: 'Udon bowl' },
    });
    expect(patched.statusCode).toBe(200);
    expect(await titlesFound(seller, 'ramen')).toEqual([]);
    expect(await titlesFound(seller, 'udon')).toEqual(['Udon bowl']);
    const removed = await seller.client.request({
      method: 'DELETE',
      url: `/api/product/${bowl!.id}`,
      cookie: seller.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect(await titlesFound(seller, 'udon')).toEqual([]);
  });

  it.runIf(usingPostgres)('PostgreSQL also finds substrings of a title (trigrams)', async () => {
    expect(await titlesFound(seller, '00821')).toEqual(['Workbench clamp BENCH-100821']);
  });

  it('is premium: a free seller without a library gets 403 premium-required', async () => {
    const response = await libraryRequest(free);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'premium-required' });
    await setBalance(h, free.id, { planName: 'premium' });
    expect((await libraryPage(free)).total).toBe(0);
    expect((await free.client.request({ url: '/api/library' })).statusCode).toBe(401);
  });
});
