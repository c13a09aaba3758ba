/**
 * Several photos, one listing (issue 16): combining, splitting and ordering a product's photos,
 * the credits that go with them, the suggested groups, and the exports of a product with several
 * photos. Runs on both databases (TEST_DATABASE=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  combineResponseSchema,
  photoGroupsResponseSchema,
  photoOrderResponseSchema,
  splitResponseSchema,
} from '#domain/api/product-photos.js';
import { PHOTO_ORDER_MESSAGES } from '#domain/product-photos.js';
import type { Product, ProductEvent } from '#domain/products.js';
import { parseCsvObjects } from '#domain/test-support/parse-csv.js';
import { APP_URL, startTestApp, type TestApp } from '../support/harness.js';
import {
  account,
  balanceOf,
  ledgerOf,
  listProducts,
  photo,
  productRows,
  setBalance,
  uploadOk,
  type Account,
} from './support.js';

const PHOTOS = ['home-mug-black-yellow.jpg', 'home-mug-stoneware.jpg', 'toys-football.jpg'];

describe('several photos, one listing', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** Balance less ledger sum per seller once their balance was set by hand (no ledger row). */
  const offsets = new Map<string, { subscription: number; fixed: number }>();

  async function ledgerGap(who: Account) {
    const balance = await balanceOf(h, who.id);
    const ledger = await ledgerOf(h, who.id);
    const sum = (key: 'subscriptionDelta' | 'fixedDelta') =>
      ledger.reduce((total, row) => total + row[key], 0);
    return {
      subscription: balance.subscriptionCredits - sum('subscriptionDelta'),
      fixed: balance.fixedCredits - sum('fixedDelta'),
    };
  }

  /** Credits set by hand, outside the ledger; a free seller uploads at most 3 photos at once. */
  async function seller(label: string, planName = 'free'): Promise<Account> {
    const who = await account(h, label);
    await setBalance(h, who.id, { fixedCredits: 20, planName });
    offsets.set(who.id, await ledgerGap(who));
    return who;
  }

  /** Uploads the photos in one batch and waits for their drafts; returns them in upload order. */
  async function uploadBatch(who: Account, names = PHOTOS): Promise<Product[]> {
    const { results } = await uploadOk(
      who,
      names.map((name) => photo(name)),
    );
    await h.generationIdle();
    const listed = await listProducts(who);
    return results.map((result) => listed.find((product) => product.id === result.id)!);
  }

  function post(who: Account, url: string, payload?: object) {
    return who.client.request({ method: 'POST', url, cookie: who.cookie, payload });
  }

  function put(who: Account, url: string, payload: object) {
    return who.client.request({ method: 'PUT', url, cookie: who.cookie, payload });
  }

  async function combine(who: Account, products: Product[]) {
    const response = await post(who, '/api/products/combine', {
      productIds: products.map((product) => product.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    return combineResponseSchema.parse(response.json());
  }

  /** Every change of the balance since it was set went through the ledger. */
  async function expectConsistentLedger(who: Account) {
    expect(await ledgerGap(who)).toEqual(offsets.get(who.id));
  }

  async function expectImagesLoad(urls: readonly string[], status = 200) {
    for (const url of urls) {
      expect((await h.client().request({ url })).statusCode, url).toBe(status);
    }
  }

  /** Gives each product's stored appearance one of these directions (unit vectors). */
  async function setAppearances(ids: readonly string[], axes: readonly number[]) {
    for (const [i, id] of ids.entries()) {
      const vector = Buffer.from(
        new Float32Array(Array.from({ length: 16 }, (_, j) => (j === axes[i] ? 1 : 0))).buffer,
      );
      await h.db
        .insertInto('productAppearances')
        .values({ productId: id, vector })
        .onConflict((conflict) => conflict.column('productId').doUpdateSet({ vector }))
        .execute();
    }
  }

  it('combines drafts into the first one: every photo in order, credits back, one listing', async () => {
    const who = await seller('combiner');
    const products = await uploadBatch(who);
    const before = await balanceOf(h, who.id);
    const edited = await who.client.request({
      method: 'PATCH',
      url: `/api/product/${products[0]!.id}`,
      cookie: who.cookie,
      payload: { title: 'My own mug title' },
    });
    expect(edited.statusCode).toBe(200);
    const describesBefore = h.vision!.calls.filter((call) => call.kind === 'describe').length;
    const events: ProductEvent[] = [];
    const unsubscribe = h.catalog.events.subscribe(who.id, (event) => events.push(event));

    const result = await combine(who, products);
    unsubscribe();
    // Open review screens drop the merged drafts and show the combined product.
    expect(events.map((event) => (event.type === 'product' ? event.product.id : event))).toEqual([
      { type: 'product-deleted', id: products[1]!.id },
      { type: 'product-deleted', id: products[2]!.id },
      products[0]!.id,
    ]);
    expect(result.removedProductIds).toEqual([products[1]!.id, products[2]!.id]);
    expect(result.refundedCredits).toBe(2);
    const { product } = result;
    expect(product.id).toBe(products[0]!.id);
    expect(product.photos.map((p) => p.imageId)).toEqual(products.map((p) => p.photos[0]!.imageId));
    expect(product.images).toEqual(products.map((p) => p.imageUrl));
    expect(product.imageUrl).toBe(products[0]!.imageUrl);
    expect(product.photos.map((p) => p.fileName)).toEqual(PHOTOS);
    // Drafted again from all three photos, the seller's title kept.
    const describes = h.vision!.calls.filter((call) => call.kind === 'describe');
    expect(describes).toHaveLength(describesBefore + 1);
    expect(describes.at(-1)!.morePhotos).toHaveLength(2);
    expect(product.title).toBe('My own mug title');
    expect(product.editedFields).toContain('title');
    expect(product.generation.state).toBe('ready');

    expect(await listProducts(who)).toHaveLength(1);
    await expectImagesLoad([...product.images, ...product.photos.map((p) => p.thumbUrl)]);
    expect(await balanceOf(h, who.id)).toEqual({
      ...before,
      fixedCredits: before.fixedCredits + 2,
    });
    const refunds = (await ledgerOf(h, who.id)).filter((row) => row.reason === 'combine-refund');
    expect(refunds).toEqual([
      { reason: 'combine-refund', subscriptionDelta: 0, fixedDelta: 1 },
      { reason: 'combine-refund', subscriptionDelta: 0, fixedDelta: 1 },
    ]);
    await expectConsistentLedger(who);
  });

  it('reorders the photos: the first is the main one; anything but the same set is refused', async () => {
    const who = await seller('reorderer');
    const { product } = await combine(who, await uploadBatch(who));
    const ids = product.photos.map((p) => p.imageId);
    const url = `/api/product/${product.id}/photos`;

    const reordered = await put(who, url, { imageIds: [ids[2], ids[0], ids[1]] });
    expect(reordered.statusCode).toBe(200);
    const { product: after } = photoOrderResponseSchema.parse(reordered.json());
    expect(after.photos.map((p) => p.imageId)).toEqual([ids[2], ids[0], ids[1]]);
    expect(after.imageUrl).toBe(product.photos[2]!.url);
    expect(after.images[0]).toBe(after.imageUrl);
    expect(after.fileName).toBe(PHOTOS[2]);

    const other = await seller('reorder-stranger');
    const [foreign] = await uploadBatch(other, [PHOTOS[0]!]);
    const refused = [
      [{ imageIds: [ids[0], ids[1]] }, PHOTO_ORDER_MESSAGES.count],
      [{ imageIds: [...ids, foreign!.photos[0]!.imageId] }, PHOTO_ORDER_MESSAGES.unknown],
      [{ imageIds: [ids[0], ids[0], ids[1]] }, PHOTO_ORDER_MESSAGES.repeated],
      [{ imageIds: [ids[0], ids[1], foreign!.photos[0]!.imageId] }, PHOTO_ORDER_MESSAGES.unknown],
      [{ imageIds: ['not-an-id'] }, 'Unknown photo.'],
      [{ imageIds: [] }, 'A product needs at least one photo.'],
    ] as const;
    for (const [payload, message] of refused) {
      const response = await put(who, url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const [unchanged] = await listProducts(who);
    expect(unchanged!.photos.map((p) => p.imageId)).toEqual([ids[2], ids[0], ids[1]]);
  });

  it('splits a combined product back, one product per photo, a credit for each new one', async () => {
    // Premium: its drafts are in the library too, and split-off ones go there as well.
    const who = await seller('splitter', 'premium');
    const { product } = await combine(who, await uploadBatch(who));
    const balance = await balanceOf(h, who.id);
    const ledger = await ledgerOf(h, who.id);

    const response = await post(who, `/api/product/${product.id}/split`);
    expect(response.statusCode, response.body).toBe(200);
    const { products } = splitResponseSchema.parse(response.json());
    expect(products).toHaveLength(3);
    expect(products[0]!.id).toBe(product.id);
    expect(products[0]!.photos.map((p) => p.imageId)).toEqual([product.photos[0]!.imageId]);
    expect(products.slice(1).map((p) => p.photos[0]!.imageId)).toEqual(
      product.photos.slice(1).map((p) => p.imageId),
    );
    await h.generationIdle();
    const listed = await listProducts(who);
    expect(listed).toHaveLength(3);
    expect(listed.every((p) => p.generation.state === 'ready' && p.photos.length === 1)).toBe(true);
    await expectImagesLoad(listed.flatMap((p) => p.images));
    // The combine gave their credits back; each product split off pays one again (ADR 033).
    expect(await balanceOf(h, who.id)).toEqual({
      ...balance,
      fixedCredits: balance.fixedCredits - 2,
    });
    expect(await ledgerOf(h, who.id)).toEqual([
      ...ledger,
      { reason: 'generation', subscriptionDelta: 0, fixedDelta: -2 },
    ]);
    const rows = await productRows(h, who.id);
    for (const split of products.slice(1)) {
      const row = rows.find((r) => r.id === split.id)!;
      expect([row.creditState, row.creditBucket]).toEqual(['spent', 'fixed']);
    }
    await expectConsistentLedger(who);
    // Split apart, they are not suggested as one product again.
    await setAppearances(
      listed.map((p) => p.id),
      [0, 0, 0],
    );
    const groups = await who.client.request({
      url: '/api/products/photo-groups',
      cookie: who.cookie,
    });
    expect(groups.json()).toEqual({ groups: [] });
    // A single photo cannot be split.
    const single = await post(who, `/api/product/${product.id}/split`);
    expect(single.statusCode).toBe(409);
  });

  it('suggests look-alike photos uploaded together, never combines them, and forgets dismissed groups', async () => {
    const who = await seller('suggested', 'premium');
    const batch = await uploadBatch(who, [...PHOTOS, 'bags-backpack-canvas.jpg']);
    const ids = batch.map((p) => p.id);
    // Three alike, the backpack not; a look-alike from another upload is not offered with them.
    await setAppearances(ids, [0, 0, 0, 1]);
    const [later] = await uploadBatch(who, [PHOTOS[0]!]);
    await setAppearances([later!.id], [0]);

    const read = async () => {
      const response = await who.client.request({
        url: '/api/products/photo-groups',
        cookie: who.cookie,
      });
      expect(response.statusCode).toBe(200);
      return photoGroupsResponseSchema.parse(response.json()).groups;
    };
    const groups = await read();
    expect(groups.map((g) => g.productIds)).toEqual([ids.slice(0, 3)]);
    expect(await listProducts(who)).toHaveLength(5);

    const dismissed = await post(who, '/api/products/photo-groups/dismiss', {
      productIds: groups[0]!.productIds,
    });
    expect(dismissed.statusCode).toBe(204);
    expect(await read()).toEqual([]);
    const bad = await post(who, '/api/products/photo-groups/dismiss', { productIds: [ids[0]] });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses another user’s products and changes nothing of theirs', async () => {
    const owner = await seller('photo-owner');
    const stranger = await seller('photo-stranger');
    const mine = await uploadBatch(owner);
    const [theirs] = await uploadBatch(stranger, [PHOTOS[0]!]);
    const ownerRows = await productRows(h, owner.id);
    const ownerLedger = await ledgerOf(h, owner.id);
    const strangerLedger = await ledgerOf(h, stranger.id);

    const attempts = [
      post(stranger, '/api/products/combine', { productIds: [mine[0]!.id, mine[1]!.id] }),
      post(stranger, '/api/products/combine', { productIds: [theirs!.id, mine[0]!.id] }),
      post(stranger, `/api/product/${mine[0]!.id}/split`),
      put(stranger, `/api/product/${mine[0]!.id}/photos`, {
        imageIds: [mine[0]!.photos[0]!.imageId],
      }),
      post(stranger, '/api/products/photo-groups/dismiss', {
        productIds: [theirs!.id, mine[0]!.id],
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('Product not found');
    }
    expect(await productRows(h, owner.id)).toEqual(ownerRows);
    expect(await ledgerOf(h, owner.id)).toEqual(ownerLedger);
    expect(await ledgerOf(h, stranger.id)).toEqual(strangerLedger);
    expect((await listProducts(stranger)).map((p) => p.id)).toEqual([theirs!.id]);
    const badRequests = [
      post(owner, '/api/products/combine', { productIds: [mine[0]!.id] }),
      post(owner, '/api/products/combine', { productIds: [mine[0]!.id, mine[0]!.id] }),
      post(owner, '/api/products/combine', { productIds: 'all' }),
    ];
    for (const response of await Promise.all(badRequests)) {
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    expect(await productRows(h, owner.id)).toEqual(ownerRows);
  });

  it.each([
    ['review list', 'free', '/api/products/export'],
    ['library', 'premium', '/api/library/export'],
  ])(
    'exports every photo from the %s: extra Shopify image rows, all Squarespace hosted URLs',
    async (_, plan, exportUrl) => {
      const who = await seller(`photo-exporter-${plan}`, plan);
      const { product } = await combine(who, await uploadBatch(who));
      const absolute = product.images.map((url) => `${APP_URL}${url}`);

      const shopify = await who.client.request({ url: `${exportUrl}/shopify`, cookie: who.cookie });
      expect(shopify.statusCode).toBe(200);
      const rows = parseCsvObjects(shopify.body);
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({
        Title: product.title,
        'Image Src': absolute[0],
        'Image Position': '1',
      });
      const handle = rows[0]!.Handle;
      for (const [i, row] of rows.slice(1).entries()) {
        const filled = Object.entries(row)
          .filter(([, value]) => value !== '')
          .map(([key]) => key);
        expect(filled.sort()).toEqual(['Handle', 'Image Alt Text', 'Image Position', 'Image Src']);
        expect(row).toMatchObject({
          Handle: handle,
          'Image Src': absolute[i + 1],
          'Image Position': String(i + 2),
        });
      }
      const squarespace = await who.client.request({
        url: `${exportUrl}/squarespace`,
        cookie: who.cookie,
      });
      const [line] = parseCsvObjects(squarespace.body);
      expect(line!['Hosted Image URLs']).toBe(absolute.join(' '));
      await expectImagesLoad(absolute.map((url) => new URL(url).pathname));
    },
  );

  it('deleting a combined product removes every one of its images', async () => {
    const who = await seller('photo-deleter');
    const { product } = await combine(who, await uploadBatch(who));
    const removed = await who.client.request({
      method: 'DELETE',
      url: `/api/product/${product.id}`,
      cookie: who.cookie,
    });
    expect(removed.statusCode).toBe(204);
    await expectImagesLoad(product.images, 404);
    expect(
      await h.db.selectFrom('productPhotos').selectAll().where('userId', '=', who.id).execute(),
    ).toEqual([]);
    await expectConsistentLedger(who);
  });
});
