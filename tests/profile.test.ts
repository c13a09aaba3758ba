import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { deleteAccountReplySchema, profileSchema } from '#domain/api/profile.js';
import type { Product, UploadResponse } from '#domain/products.js';
import {
  FOREIGN_ORIGIN,
  SESSION_COOKIE,
  startTestApp,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from './support/harness.js';

const OWNED_TABLES = ['sessions', 'accounts', 'creditLedger', 'products'] as const;

const PHOTO = readFileSync(
  path.resolve(process.cwd(), '../shared/fixtures/photos/home-mug-stoneware.jpg'),
);

describe('profile', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  async function account(label: string) {
    const client = h.client();
    const { email, cookie } = await client.register(uniqueEmail(label));
    const user = await h.userByEmail(email);
    return { client, email, cookie, id: user!.id as string };
  }

  async function ownedRowCounts(userId: string) {
    const counts: Record<string, number> = {
      users: (await h.rows('users', 'id', userId)).length,
    };
    for (const table of OWNED_TABLES)
      counts[table] = (await h.rows(table, 'userId', userId)).length;
    return counts;
  }

  function deleteProfile(
    client: TestClient,
    cookie?: string,
    extra: { url?: string; payload?: object; origin?: string } = {},
  ) {
    return client.request({
      method: 'DELETE',
      url: extra.url ?? '/api/user/profile',
      payload: extra.payload,
      cookie,
      origin: extra.origin,
    });
  }

  /**
   * Until the returned function runs, the database treats deleting this user's row as `outcome`
   * says: 'skip' deletes nothing (as if another request had deleted the row after this one's
   * session was read), 'fail' raises an error (a real fault).
   */
  async function onUserDelete(userId: string, outcome: 'skip' | 'fail') {
    const name = sql.raw(`user_delete_${outcome}_${userId.replace(/\W/g, '')}`);
    const id = sql.lit(userId);
    if (h.database.kind === 'sqlite') {
      const action = sql.raw(outcome === 'skip' ? 'RAISE(IGNORE)' : "RAISE(ABORT, 'refused')");
      await sql`CREATE TRIGGER ${name} BEFORE DELETE ON users WHEN OLD.id = ${id}
        BEGIN SELECT ${action}; END`.execute(h.db);
      return async () => void (await sql`DROP TRIGGER ${name}`.execute(h.db));
    }
    const body = sql.raw(outcome === 'skip' ? 'RETURN NULL;' : "RAISE EXCEPTION 'refused';");
    await sql`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN ${body} END $$`.execute(h.db);
    await sql`CREATE TRIGGER ${name} BEFORE DELETE ON users FOR EACH ROW
      WHEN (OLD.id = ${id}) EXECUTE FUNCTION ${name}()`.execute(h.db);
    return async () => {
      await sql`DROP TRIGGER ${name} ON users`.execute(h.db);
      await sql`DROP FUNCTION ${name}()`.execute(h.db);
    };
  }

  it('answers 401 without a session cookie', async () => {
    const response = await h.client().profile();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('returns exactly the spec profile of the signed-in user', async () => {
    const { client, cookie, id, email } = await account('reader');
    const response = await client.profile(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toStrictEqual({
      id,
      email,
      planName: 'Free',
      fixedCredits: 3,
      subscriptionCredits: 0,
      credits: { free: 3, monthly: 0, purchased: 0, total: 3 },
      products: [],
      ShopifyStore: [],
    });
    expect(profileSchema.parse(response.json())).toStrictEqual(response.json());
  });

  it('shows the plan stored for the user, not a constant', async () => {
    const { client, cookie, id } = await account('premium');
    await h.db
      .updateTable('users')
      .set({ planName: 'premium', fixedCredits: 1, subscriptionCredits: 50 })
      .where('id', '=', id)
      .execute();
    expect((await client.profile(cookie)).json()).toMatchObject({
      planName: 'Premium',
      fixedCredits: 1,
      subscriptionCredits: 50,
    });
  });

  it('never shows another user’s data, whatever the request names', async () => {
    const a = await account('alice');
    const b = await account('bob');
    for (const url of [
      '/api/user/profile',
      `/api/user/profile?id=${b.id}`,
      `/api/user/profile?userId=${b.id}&email=${encodeURIComponent(b.email)}`,
    ]) {
      const response = await a.client.request({ url, cookie: a.cookie });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toMatchObject({ id: a.id, email: a.email });
      expect(response.body, url).not.toContain(b.id);
      expect(response.body, url).not.toContain(b.email);
    }
    const path = await a.client.request({ url: `/api/user/profile/${b.id}`, cookie: a.cookie });
    expect(path.statusCode).toBe(404);
    expect(path.body).not.toContain(b.email);
  });

  it('DELETE answers 401 without a session cookie and deletes nothing', async () => {
    const a = await account('keep-anon');
    const before = await ownedRowCounts(a.id);
    const response = await deleteProfile(h.client());
    expect(response.statusCode).toBe(401);
    expect(await ownedRowCounts(a.id)).toEqual(before);
  });

  it('DELETE from another site answers 403 and deletes nothing', async () => {
    const a = await account('keep-csrf');
    const before = await ownedRowCounts(a.id);
    expect(before).toEqual({ users: 1, sessions: 1, accounts: 1, creditLedger: 1, products: 0 });

    const response = await deleteProfile(a.client, a.cookie, { origin: FOREIGN_ORIGIN });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Cross-site request refused' });

    // Without Origin but with fetch metadata saying cross-site: refused too.
    const metadataOnly = await a.client.request({
      method: 'DELETE',
      url: '/api/user/profile',
      cookie: a.cookie,
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(metadataOnly.statusCode).toBe(403);

    expect(await ownedRowCounts(a.id)).toEqual(before);
    expect((await a.client.profile(a.cookie)).statusCode).toBe(200);
  });

  it('DELETE removes only the caller’s account, whatever id the request names', async () => {
    const a = await account('leaver');
    const b = await account('stayer');
    const bBefore = await ownedRowCounts(b.id);

    const response = await deleteProfile(a.client, a.cookie, {
      url: `/api/user/profile?id=${b.id}&userId=${b.id}`,
      payload: { id: b.id, userId: b.id, email: b.email },
    });
    expect(response.statusCode).toBe(200);
    expect(deleteAccountReplySchema.parse(response.json())).toEqual({ success: true });
    const cleared = [response.headers['set-cookie']].flat().map(String);
    expect(cleared.some((c) => c.startsWith(`${SESSION_COOKIE}=;`) && /Max-Age=0/.test(c))).toBe(
      true,
    );

    expect(await ownedRowCounts(a.id)).toEqual({
      users: 0,
      sessions: 0,
      accounts: 0,
      creditLedger: 0,
      products: 0,
    });
    expect(await h.userByEmail(a.email)).toBeUndefined();
    expect(await ownedRowCounts(b.id)).toEqual(bBefore);

    const bProfile = await b.client.profile(b.cookie);
    expect(bProfile.statusCode).toBe(200);
    expect(bProfile.json()).toMatchObject({ id: b.id, email: b.email });

    expect((await a.client.profile(a.cookie)).statusCode).toBe(401);
    const again = await deleteProfile(a.client, a.cookie);
    expect(again.statusCode).toBe(401);
    expect(await ownedRowCounts(b.id)).toEqual(bBefore);
  });

  it('DELETE answers 404 when the account is already gone, and clears nothing', async () => {
    const a = await account('already-gone');
    const restore = await onUserDelete(a.id, 'skip');
    try {
      const response = await deleteProfile(a.client, a.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Profile not found' });
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await restore();
    }
  });

  it('DELETE answers 500 when the deletion fails, and the account stays whole', async () => {
    const a = await account('undeletable');
    const before = await ownedRowCounts(a.id);
    const restore = await onUserDelete(a.id, 'fail');
    try {
      const response = await deleteProfile(a.client, a.cookie);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: 'Failed to delete account.' });
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await restore();
    }
    expect(h.logs.some((line) => line.includes('account deletion failed'))).toBe(true);
    expect(await ownedRowCounts(a.id)).toEqual(before);
    expect((await a.client.profile(a.cookie)).statusCode).toBe(200);
  });

  it('two DELETEs at once: one deletes, the other answers 401 or 404, never 500', async () => {
    const a = await account('double-click');
    const responses = await Promise.all([
      deleteProfile(a.client, a.cookie),
      deleteProfile(a.client, a.cookie),
    ]);
    const answers = responses.map((r) => `${r.statusCode} ${r.body}`).sort();
    expect(answers[0]).toBe('200 {"success":true}');
    expect(['401 {"error":"Unauthorized"}', '404 {"error":"Profile not found"}']).toContain(
      answers[1],
    );
    expect(await h.userByEmail(a.email)).toBeUndefined();
  });

  it('lists the user’s generated products in the spec’s shape', async () => {
    const { client, cookie } = await account('lister');
    const upload = await client.upload(cookie, [{ name: 'mug.jpg', data: PHOTO }]);
    expect(upload.statusCode).toBe(202);
    await h.generationIdle();
    const list = await client.request({ url: '/api/products', cookie });
    const [product] = (list.json() as { products: Product[] }).products;
    const profile = (await client.profile(cookie)).json();
    expect(profileSchema.parse(profile)).toStrictEqual(profile);
    expect(profile.products).toStrictEqual([
      {
        id: product!.id,
        name: product!.title,
        description: product!.description,
        images: [product!.imageUrl],
        price: product!.price.suggested,
        status: 'draft',
        createdAt: product!.createdAt,
      },
    ]);
  });

  it('DELETE removes the user’s products and stored images, and no one else’s', async () => {
    const a = await account('image-leaver');
    const b = await account('image-stayer');
    for (const who of [a, b]) {
      const upload = await who.client.upload(who.cookie, [{ name: 'mug.jpg', data: PHOTO }]);
      expect((upload.json() as UploadResponse).results).toHaveLength(1);
    }
    await h.generationIdle();
    const owned = async (id: string) =>
      (await h.uploadedFiles()).filter((file) => file.startsWith(`users/${id}/`));
    expect(await owned(a.id)).not.toEqual([]);
    const bFiles = await owned(b.id);

    expect((await deleteProfile(a.client, a.cookie)).statusCode).toBe(200);
    expect(await owned(a.id)).toEqual([]);
    expect(await h.rows('products', 'userId', a.id)).toEqual([]);
    expect(await owned(b.id)).toEqual(bFiles);
    expect(await h.rows('products', 'userId', b.id)).toHaveLength(1);
  });

  it('frees the address: the same email can sign up again as a new free account', async () => {
    const a = await account('returning');
    expect((await deleteProfile(a.client, a.cookie)).statusCode).toBe(200);
    const again = await h.client().register(a.email);
    const user = await h.userByEmail(a.email);
    expect(user!.id).not.toBe(a.id);
    expect((await h.client().profile(again.cookie)).json()).toMatchObject({
      email: a.email,
      planName: 'Free',
      fixedCredits: 3,
    });
  });
});
