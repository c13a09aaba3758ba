import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readFixture,
  SHOPIFY_FIXTURE,
  SQUARESPACE_FIXTURE,
} from '#domain/test-support/fixtures.js';
import { parseCsv, parseCsvObjects } from '#domain/test-support/parse-csv.js';
import { TITLE_REQUIRED_MESSAGE } from '#domain/products.js';
import { APP_URL, startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk, type Account } from './support.js';

describe('CSV exports', () => {
  let h: TestApp;
  let seller: Account;
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'exporter');
    // One ready product, one failed (not exported).
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    h.vision!.failNextDescribes(1);
    await uploadOk(seller, [photo('toys-football.jpg')]);
    await h.generationIdle();
  });
  afterAll(async () => {
    await h?.close();
  });

  function download(platform: string, who = seller) {
    return who.client.request({ url: `/api/products/export/${platform}`, cookie: who.cookie });
  }

  it('Shopify: the template’s headers, the ready drafts, absolute image URLs', async () => {
    const response = await download('shopify');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="shopify-products.csv"',
    );
    const [fixtureHeader] = parseCsv(readFixture(SHOPIFY_FIXTURE));
    expect(parseCsv(response.body)[0]).toEqual(fixtureHeader);

    const [ready] = (await listProducts(seller)).filter((p) => p.generation.state === 'ready');
    const rows = parseCsvObjects(response.body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Title: ready!.title,
      'Variant Price': ready!.price.suggested!.toFixed(2),
      'Image Src': `${APP_URL}${ready!.imageUrl}`,
      'Image Alt Text': ready!.altText,
      'Variant Barcode': ready!.barcode,
    });
    expect(ready!.barcode).toMatch(/^\d{13}$/);
    // Guidance is for the seller: it is on the product, never in the file.
    expect(ready!.guidance.length).toBeGreaterThan(0);
    for (const item of ready!.guidance) expect(response.body).not.toContain(item.text);
    // The exported URL really serves the image, without a session (stores fetch it).
    const image = await h.client().request({ url: new URL(rows[0]!['Image Src']!).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });

  it('Squarespace: the import file’s headers and absolute image URLs', async () => {
    const response = await download('squarespace');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="squarespace-products.csv"',
    );
    const [fixtureHeader] = parseCsv(readFixture(SQUARESPACE_FIXTURE));
    expect(parseCsv(response.body)[0]).toEqual(fixtureHeader);
    const rows = parseCsvObjects(response.body);
    expect(rows).toHaveLength(1);
    const [ready] = (await listProducts(seller)).filter((p) => p.generation.state === 'ready');
    expect(rows[0]).toMatchObject({
      Title: ready!.title,
      'Hosted Image URLs': `${APP_URL}${ready!.imageUrl}`,
    });
    for (const item of ready!.guidance) expect(response.body).not.toContain(item.text);
  });

  it('exports only the caller’s products, and refuses unknown platforms', async () => {
    const other = await account(h, 'empty-exporter');
    const response = await download('shopify', other);
    expect(parseCsv(response.body)).toHaveLength(1);
    expect((await download('etsy')).statusCode).toBe(400);
  });
});

describe('unclean text in exports', () => {
  let h: TestApp;
  let seller: Account;
  beforeAll(async () => {
    h = await startTestApp();
    seller = await account(h, 'unclean');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('stores a title without NUL, control characters or line breaks, and the CSV cell stays one line', async () => {
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const [product] = await listProducts(seller);
    const edit = await seller.client.request({
      method: 'PATCH',
      url: `/api/product/${product!.id}`,
      payload: {
        title: 'Black\u0000 Mug\r\nwith Yellow\u001b Inside',
        description: 'One\r\nTwo\u0000',
      },
      cookie: seller.cookie,
    });
    expect(edit.statusCode).toBe(200);
    const [saved] = await listProducts(seller);
    expect(saved!.title).toBe('Black  Mug with Yellow  Inside');
    expect(saved!.description).toBe('One\nTwo');
    const csv = await seller.client.request({
      url: '/api/products/export/shopify',
      cookie: seller.cookie,
    });
    expect(parseCsvObjects(csv.body)[0]!.Title).toBe('Black  Mug with Yellow  Inside');
  });

  const INVISIBLE = /[\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

  it('refuses an empty or blank title on edit with a clear message, and keeps the title', async () => {
    const [product] = await listProducts(seller);
    for (const title of ['', '   ', '\u200b \ufeff', '\t\u00a0']) {
      const edit = await seller.client.request({
        method: 'PATCH',
        url: `/api/product/${product!.id}`,
        payload: { title },
        cookie: seller.cookie,
      });
      expect(edit.statusCode, JSON.stringify(title)).toBe(400);
      expect(edit.json()).toEqual({ error: TITLE_REQUIRED_MESSAGE });
    }
    expect((await listProducts(seller))[0]!.title).toBe(product!.title);
  });

  it('drops bidi overrides, zero-width characters and BOMs from edits and every export', async () => {
    const [product] = await listProducts(seller);
    const edit = await seller.client.request({
      method: 'PATCH',
      url: `/api/product/${product!.id}`,
      payload: {
        title: '\ufeffBlack\u202e Mug\u200b',
        description: 'Glazed\u2066 inside\u2069\nDishwasher\u200e safe',
        seoTitle: '\u202dBlack mug\u202c',
        seoDescription: 'A black\u200b mug',
      },
      cookie: seller.cookie,
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      title: 'Black Mug',
      description: 'Glazed inside\nDishwasher safe',
      seoTitle: 'Black mug',
      seoDescription: 'A black mug',
    });
    // Text stored before these rules (or written by a generator) is cleaned on the way out.
    await h.db
      .updateTable('products')
      .set({ tags: JSON.stringify(['mug\u200b', '\u202ekitchen']), altText: 'A\ufeff mug' })
      .where('id', '=', product!.id)
      .execute();
    for (const platform of ['shopify', 'squarespace']) {
      const csv = await seller.client.request({
        url: `/api/products/export/${platform}`,
        cookie: seller.cookie,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.body, platform).not.toMatch(INVISIBLE);
      expect(csv.body, platform).toContain('Black Mug');
    }
  });
});
