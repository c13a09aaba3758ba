import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_VERSIONS_KEPT, fieldVersionListSchema } from '#domain/field-versions.js';
import { productSchema, type Product } from '#domain/products.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk, type Account } from './support.js';

describe('undo: earlier titles and descriptions', () => {
  let h: TestApp;
  let owner: Account;
  let stranger: Account;
  let product: Product;

  beforeAll(async () => {
    h = await startTestApp({ regenerationsPerMinute: 100 });
    owner = await account(h, 'versions-owner');
    stranger = await account(h, 'versions-stranger');
    await uploadOk(owner, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    product = (await listProducts(owner))[0]!;
  });
  afterAll(async () => {
    await h?.close();
  });

  const versionsOf = async (who: Account, id = product.id) =>
    who.client.request({ url: `/api/product/${id}/versions`, cookie: who.cookie });
  const patch = (who: Account, body: object) =>
    who.client.request({
      method: 'PATCH',
      url: `/api/product/${product.id}`,
      payload: body,
      cookie: who.cookie,
    });
  const restore = (who: Account, versionId: string) =>
    who.client.request({
      method: 'POST',
      url: `/api/product/${product.id}/restore`,
      payload: { versionId },
      cookie: who.cookie,
    });
  const list = async () => fieldVersionListSchema.parse((await versionsOf(owner)).json()).versions;

  it('keeps the text a regeneration replaced, and restores it in one call', async () => {
    const drafted = product.title;
    const regenerated = await owner.client.request({
      method: 'POST',
      url: '/api/product/regenerate-product-detail',
      payload: { productId: product.id, field: 'title' },
      cookie: owner.cookie,
    });
    expect(regenerated.statusCode).toBe(200);
    const [latest] = await list();
    expect(latest).toMatchObject({ field: 'title', value: drafted, cause: 'regenerate' });

    const restored = await restore(owner, latest!.id);
    expect(restored.statusCode).toBe(200);
    const body = productSchema.parse(restored.json());
    expect(body.title).toBe(drafted);
    expect(body.editedFields).toContain('title');
    // Undoing the undo is one click too: the regenerated text is now a version.
    const [newest] = await list();
    expect(newest).toMatchObject({ field: 'title', cause: 'restore' });
    expect(newest!.value).not.toBe(drafted);
    product = body;
  });

  it('keeps one version for a burst of typing, not one per save', async () => {
    const before = (await list()).length;
    const typed = product.description;
    for (const text of ['Hand', 'Handmade', 'Handmade mug']) {
      expect((await patch(owner, { description: text })).statusCode).toBe(200);
    }
    const versions = await list();
    expect(versions.length).toBe(before + 1);
    expect(versions[0]).toMatchObject({ field: 'description', value: typed, cause: 'edit' });
  });

  it(`keeps the newest ${FIELD_VERSIONS_KEPT} versions of a field`, async () => {
    for (let i = 0; i < FIELD_VERSIONS_KEPT + 5; i++) {
      const regenerated = await owner.client.request({
        method: 'POST',
        url: '/api/product/regenerate-product-detail',
        payload: { productId: product.id, field: 'title', title: `Title ${i}` },
        cookie: owner.cookie,
      });
      expect(regenerated.statusCode).toBe(200);
    }
    const titles = (await list()).filter((version) => version.field === 'title');
    expect(titles).toHaveLength(FIELD_VERSIONS_KEPT);
    expect((await list()).some((version) => version.field === 'description')).toBe(true);
  });

  it('answers another user like an unknown product and changes nothing', async () => {
    const [version] = await list();
    const before = (await listProducts(owner))[0]!;
    expect((await versionsOf(stranger)).statusCode).toBe(404);
    const stolen = await restore(stranger, version!.id);
    expect(stolen.statusCode).toBe(404);
    expect((await listProducts(owner))[0]).toEqual(before);
  });

  it('refuses a malformed or unknown version id', async () => {
    const before = (await listProducts(owner))[0]!;
    expect((await restore(owner, 'abc')).statusCode).toBe(400);
    const unknown = await restore(owner, '999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'This earlier version no longer exists' });
    expect((await listProducts(owner))[0]).toEqual(before);
  });

  it('forgets the versions with the product', async () => {
    const deleted = await owner.client.request({
      method: 'DELETE',
      url: `/api/product/${product.id}`,
      cookie: owner.cookie,
    });
    expect(deleted.statusCode).toBe(204);
    const left = await h.db.selectFrom('productFieldVersions').selectAll().execute();
    expect(left.filter((row) => row.productId === product.id)).toEqual([]);
  });
});
