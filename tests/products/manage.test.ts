import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '#domain/products.js';
import { VisionProviderError } from '#server/vision/providers/vision-provider.js';
import { REGENERATE_RATE_LIMIT_MESSAGE } from '#server/limits/analyzer-budget.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { REGENERATED_SOURCE } from '../support/fake-vision-provider.js';
import { account, listProducts, photo, productRows, uploadOk, type Account } from './support.js';

const REGENERATIONS_PER_MINUTE = 4;

describe('managing products', () => {
  let h: TestApp;
  let owner: Account;
  let stranger: Account;
  let product: Product;

  beforeAll(async () => {
    h = await startTestApp({ regenerationsPerMinute: REGENERATIONS_PER_MINUTE });
    owner = await account(h, 'owner');
    stranger = await account(h, 'stranger');
    await uploadOk(owner, [photo('home-mug-black-yellow.jpg'), photo('home-teapot-enamel.png')]);
    await h.generationIdle();
    product = (await listProducts(owner))[0]!;
  });
  afterAll(async () => {
    await h?.close();
  });

  function regenerate(who: Account, body: object) {
    return who.client.request({
      method: 'POST',
      url: '/api/product/regenerate-product-detail',
      payload: body,
      cookie: who.cookie,
    });
  }

  it('lists the user’s products newest first, each a valid Product', async () => {
    const listed = await listProducts(owner);
    expect(listed.map((p) => p.fileName)).toEqual([
      'home-mug-black-yellow.jpg',
      'home-teapot-enamel.png',
    ]);
    listed.forEach((p) => productSchema.parse(p));
    expect(await listProducts(stranger)).toEqual([]);
  });

  it('answers 401 without a session on every product route except images', async () => {
    const anonymous = h.client();
    const routes = [
      { method: 'GET', url: '/api/products' },
      { method: 'GET', url: '/api/products/events' },
      { method: 'GET', url: '/api/products/export/shopify' },
      { method: 'GET', url: '/api/products/export/squarespace' },
      { method: 'POST', url: '/api/product/generate-product-details-from-image' },
      { method: 'PATCH', url: `/api/product/${product.id}`, payload: { title: 'x' } },
      { method: 'DELETE', url: `/api/product/${product.id}` },
      { method: 'POST', url: `/api/product/${product.id}/retry` },
      { method: 'GET', url: `/api/product/${product.id}/versions` },
      { method: 'POST', url: `/api/product/${product.id}/restore`, payload: { versionId: '1' } },
      {
        method: 'POST',
        url: '/api/product/regenerate-product-detail',
        payload: { productId: product.id, field: 'title' },
      },
    ] as const;
    for (const route of routes) {
      const response = await anonymous.request(route);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
    const image = await anonymous.request({ url: product.imageUrl });
    expect(image.statusCode).toBe(200);
    expect((await listProducts(owner))[0]).toEqual(product);
  });

  it('answers 404 for another user’s product and changes nothing', async () => {
    const attempts = [
      { method: 'PATCH', url: `/api/product/${product.id}`, payload: { title: 'Stolen' } },
      { method: 'DELETE', url: `/api/product/${product.id}` },
      { method: 'POST', url: `/api/product/${product.id}/retry` },
    ] as const;
    for (const attempt of attempts) {
      const response = await stranger.client.request({ ...attempt, cookie: stranger.cookie });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'Product not found' });
    }
    const regen = await regenerate(stranger, { productId: product.id, field: 'title' });
    expect(regen.statusCode).toBe(404);
    expect((await listProducts(owner))[0]).toEqual(product);
    expect(await productRows(h, owner.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    const unknown = await owner.client.request({
      method: 'PATCH',
      url: `/api/product/${randomUUID()}`,
      payload: { title: 'x' },
      cookie: owner.cookie,
    });
    expect(unknown.statusCode).toBe(404);
    for (const id of ['not-a-uuid', "1' or '1'='1", '..%2F..%2Fetc']) {
      const response = await owner.client.request({
        method: 'DELETE',
        url: `/api/product/${id}`,
        cookie: owner.cookie,
      });
      expect(response.statusCode, id).toBe(400);
    }
  });

  it('PATCH saves title, description and price (dollars in, cents stored)', async () => {
    const target = (await listProducts(owner))[1]!;
    const response = await owner.client.request({
      method: 'PATCH',
      url: `/api/product/${target.id}`,
      payload: {
        title: 'Enamel teapot',
        description: 'Blue enamel.\n\nHolds 1 litre.',
        price: 24.999,
      },
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    const patched = productSchema.parse(response.json());
    expect(patched).toMatchObject({
      title: 'Enamel teapot',
      description: 'Blue enamel.\n\nHolds 1 litre.',
      price: { suggested: 25, low: target.price.low, high: target.price.high },
    });
    expect(Date.parse(patched.updatedAt)).toBeGreaterThanOrEqual(Date.parse(target.updatedAt));
    const row = (await productRows(h, owner.id)).find((r) => r.id === target.id)!;
    expect(Number(row.priceCents)).toBe(2500);
    expect((await listProducts(owner))[1]).toEqual(patched);
  });

  it('PATCH refuses invalid bodies', async () => {
    for (const payload of [{}, { price: -1 }, { title: 'x'.repeat(256) }, { imageUrl: '/x' }]) {
      const response = await owner.client.request({
        method: 'PATCH',
        url: `/api/product/${product.id}`,
        payload,
        cookie: owner.cookie,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('regenerate saves and returns the new text, using the texts the seller sees', async () => {
    const response = await regenerate(owner, {
      productId: product.id,
      field: 'description',
      title: 'Unsaved title on screen',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { result: string; product: Product };
    expect(body.result).toMatch(/^Regenerated description/);
    expect(body.product.description).toBe(body.result);
    expect(body.product.title).toBe(product.title);
    const call = h.vision!.calls.at(-1)!;
    expect(call).toMatchObject({
      kind: 'regenerate',
      field: 'description',
      mimeType: 'image/jpeg',
      current: { title: 'Unsaved title on screen', description: product.description },
    });
    expect((await listProducts(owner))[0]!.description).toBe(body.result);
    // The provider's evidence for the new text replaces that field's evidence only.
    expect(body.product.evidence.description).toEqual({
      confidence: 0.5,
      sources: [REGENERATED_SOURCE],
    });
    expect(body.product.evidence.title).toEqual(product.evidence.title);
  });

  it('regenerate answers with the provider’s status and message when it fails', async () => {
    h.vision!.failRegenerate = () => new VisionProviderError('timeout', 'slow');
    try {
      const response = await regenerate(owner, { productId: product.id, field: 'title' });
      expect(response.statusCode).toBe(504);
      expect(response.json()).toMatchObject({
        error: new VisionProviderError('timeout', '').message,
        code: 'vision-timeout',
      });
    } finally {
      h.vision!.failRegenerate = undefined;
    }
  });

  it('regenerate is rate-limited per user', async () => {
    const limited = await account(h, 'limited');
    await uploadOk(limited, [photo('toys-football.jpg')]);
    await h.generationIdle();
    const [own] = await listProducts(limited);
    const statuses: number[] = [];
    for (let i = 0; i < REGENERATIONS_PER_MINUTE + 1; i += 1) {
      statuses.push((await regenerate(limited, { productId: own!.id, field: 'title' })).statusCode);
    }
    expect(statuses).toEqual([...Array(REGENERATIONS_PER_MINUTE).fill(200), 429]);
    const refused = await regenerate(limited, { productId: own!.id, field: 'title' });
    expect(refused.json()).toMatchObject({ error: REGENERATE_RATE_LIMIT_MESSAGE });
    // The limit is the user's, not shared with others.
    const other = await regenerate(owner, { productId: product.id, field: 'title' });
    expect(other.statusCode).toBe(200);
  });

  it('DELETE removes the row and the images, and the image URLs stop working', async () => {
    const [, second] = await listProducts(owner);
    const imageId = second!.imageUrl.split('/')[3]!;
    expect((await h.uploadedFiles()).some((f) => f.includes(imageId))).toBe(true);
    const response = await owner.client.request({
      method: 'DELETE',
      url: `/api/product/${second!.id}`,
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(204);
    expect((await productRows(h, owner.id)).map((r) => r.id)).not.toContain(second!.id);
    expect((await h.uploadedFiles()).some((f) => f.includes(imageId))).toBe(false);
    expect((await h.client().request({ url: second!.imageUrl })).statusCode).toBe(404);
    expect((await h.client().request({ url: second!.thumbnailUrl })).statusCode).toBe(404);
    const again = await owner.client.request({
      method: 'DELETE',
      url: `/api/product/${second!.id}`,
      cookie: owner.cookie,
    });
    expect(again.statusCode).toBe(404);
  });

  it('the image route answers 404 for unknown or malformed ids and unknown files', async () => {
    const client = h.client();
    const imageId = product.imageUrl.split('/')[3]!;
    for (const url of [
      `/api/images/${randomUUID()}/display.jpg`,
      '/api/images/not-a-uuid/display.jpg',
      `/api/images/${imageId}/original`,
      `/api/images/${imageId}/display.png`,
      `/api/images/${imageId}/..%2F..%2Fdisplay.jpg`,
    ]) {
      expect((await client.request({ url })).statusCode, url).toBe(404);
    }
  });
});
