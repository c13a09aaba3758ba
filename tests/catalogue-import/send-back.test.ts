/**
 * Issue 25 'Send it back' (ADR 046): a file import's download is the same store's file with the
 * same handles / ids, the seller's edits in it, and importing it again updates, never adds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, parseCsvObjects } from '#domain/test-support/parse-csv.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, type Account } from '../products/support.js';
import { makePremium } from '../library/support.js';
import {
  FIXTURES,
  fixture,
  imported,
  productsOf,
  startImageServer,
  type ImageServer,
} from './support.js';
import { wooCommerceSample } from './woocommerce-sample.js';

/** Every name resolves to nothing: the fixtures' CDN images fail fast, offline. */
const noNames = ((_host: string, _options: unknown, callback: (error: Error) => void) => {
  callback(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
}) as never;

const NEW_TEXT = 'Rewritten in Listsmith: heavyweight cotton, true to size.';

describe('catalogue import: a file goes back with its handles and ids', () => {
  let h: TestApp;
  let images: ImageServer;
  beforeAll(async () => {
    images = await startImageServer();
    h = await startTestApp({
      env: { IMAGE_FETCH_ALLOW_ADDRESSES: '127.0.0.1', IMAGE_FETCH_TIMEOUT_MS: '2000' },
      imageFetchLookup: noNames,
    });
  });
  afterAll(async () => {
    await h?.close();
    await images?.close();
  });

  async function premium(label: string): Promise<Account> {
    const seller = await account(h, label);
    await makePremium(h, seller.id);
    return seller;
  }

  function download(seller: Account, importId: string) {
    return seller.client.request({
      url: `/api/catalogue-imports/${importId}/export`,
      cookie: seller.cookie,
    });
  }

  /** Imports `file`, changes one product's description, and downloads the import back. */
  async function roundTrip(label: string, name: string, file: Buffer | string, key: string) {
    const seller = await premium(label);
    const first = await imported(seller, name, file);
    await h.catalogueImport.images.idle();
    const product = (await productsOf(h, seller.id)).find((row) => row.sourceKey === key)!;
    const patch = await seller.client.request({
      method: 'PATCH',
      url: `/api/product/${product.id}`,
      payload: { description: NEW_TEXT },
      cookie: seller.cookie,
    });
    expect(patch.statusCode).toBe(200);
    const response = await download(seller, first.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    return { seller, first, csv: response.body, rows: parseCsvObjects(response.body) };
  }

  /** Importing the downloaded file into Listsmith again finds every product it came from. */
  async function reimported(seller: Account, csv: string, updated: number) {
    const again = await imported(seller, 'downloaded.csv', csv);
    expect(again).toMatchObject({ created: 0, updated, skipped: [] });
    await h.catalogueImport.images.idle();
    const rows = await productsOf(h, seller.id);
    expect(rows).toHaveLength(updated);
    return rows;
  }

  function handlesOf(csv: string): string[] {
    return [...new Set(parseCsvObjects(csv).map((row) => row.Handle!))];
  }

  it('Shopify 2021 sample: the same handles and rows, the new description, re-imported as updates', async () => {
    const source = fixture(FIXTURES.shopify2021).toString('utf8');
    const { seller, csv, rows } = await roundTrip(
      'back-shopify',
      'shop.csv',
      source,
      'example-pants',
    );
    expect(handlesOf(csv)).toEqual(handlesOf(source));
    // One row a variant (the shirt's three, one each for pants and hat), one photo each.
    expect(rows.map((row) => row.Handle)).toEqual(parseCsvObjects(source).map((row) => row.Handle));
    const pants = rows.find((row) => row.Handle === 'example-pants' && row.Title)!;
    expect(pants['Body (HTML)']).toBe(`<p>${NEW_TEXT}</p>`);
    expect(rows.filter((row) => row.Title).map((row) => row.Status)).toEqual([
      'active',
      'draft',
      'archived',
    ]);
    const after = await reimported(seller, csv, 3);
    expect(after.find((row) => row.sourceKey === 'example-pants')!.description).toBe(NEW_TEXT);
  });

  it('Shopify 2023 sample: 4×3 variants go back under their handle', async () => {
    const source = fixture(FIXTURES.shopify2023).toString('utf8');
    const { seller, csv, rows } = await roundTrip(
      'back-shopify-23',
      'new.csv',
      source,
      'example-shirt',
    );
    expect(handlesOf(csv)).toEqual(handlesOf(source));
    const shirt = rows.filter((row) => row.Handle === 'example-shirt');
    expect(shirt.map((row) => row['Variant SKU'])).toContain('SRT_COT_311');
    expect(shirt.filter((row) => row['Option1 Value'] !== '')).toHaveLength(12);
    expect(shirt[0]!['Body (HTML)']).toBe(`<p>${NEW_TEXT}</p>`);
    await reimported(seller, csv, 3);
  });

  it('WooCommerce sample: the same IDs, SKUs and types, re-imported as updates', async () => {
    const { seller, csv, rows } = await roundTrip(
      'back-woo',
      'woo.csv',
      wooCommerceSample(images.url),
      'id:46',
    );
    expect(rows.map((row) => [row.ID, row.SKU, row.Type])).toEqual([
      ['44', 'woo-vneck-tee', 'variable'],
      ['46', 'woo-hoodie-with-logo', 'simple'],
    ]);
    expect(rows[1]!.Description).toBe(`<p>${NEW_TEXT}</p>`);
    const after = await reimported(seller, csv, 2);
    expect(after.find((row) => row.sourceKey === 'id:46')!.description).toBe(NEW_TEXT);
  });

  it('Squarespace file: the same Product URLs and variant rows, re-imported as updates', async () => {
    const source = fixture(FIXTURES.squarespace).toString('utf8');
    const { seller, csv, rows } = await roundTrip('back-sq', 'sq.csv', source, 'url:bar');
    expect(rows.map((row) => [row['Product URL'], row.SKU, row['Option Value 1']])).toEqual([
      ['foo', 'foo', ''],
      ['bar', 'bar1', 'Small'],
      ['', 'bar2', 'Medium'],
      ['', 'bar3', 'Large'],
    ]);
    // The file had no IDs (an import file, not an export): none are made up.
    expect(rows.every((row) => row['Product ID [Non Editable]'] === '')).toBe(true);
    expect(rows[1]!.Description).toBe(`<p>${NEW_TEXT}</p>`);
    await reimported(seller, csv, 2);
  });

  it('Squarespace export with IDs: Product ID on the first row, each variant’s own Variant ID', async () => {
    // The fixture as Squarespace's 'Export all' writes it: IDs on every row (stores.md §2.4).
    const [header, ...records] = parseCsv(fixture(FIXTURES.squarespace).toString('utf8'));
    const ids = [
      ['p-foo', 'v-foo'],
      ['p-bar', 'v-small'],
      ['', 'v-medium'],
      ['', 'v-large'],
    ];
    const quote = (cells: readonly string[]) => cells.map((c) => `"${c}"`).join(',');
    const exported = [header!, ...records.map((r, i) => [...ids[i]!, ...r.slice(2)])]
      .map(quote)
      .join('\r\n');
    const { seller, csv, rows } = await roundTrip('back-sq-ids', 'sq.csv', exported, 'id:p-bar');
    expect(
      rows.map((row) => [
        row['Product ID [Non Editable]'],
        row['Variant ID [Non Editable]'],
        row['Product URL'],
      ]),
    ).toEqual([
      ['p-foo', 'v-foo', 'foo'],
      ['p-bar', 'v-small', 'bar'],
      ['', 'v-medium', ''],
      ['', 'v-large', ''],
    ]);
    await reimported(seller, csv, 2);
  });

  it('the library’s downloads keep the ids only in the format the products came in', async () => {
    const seller = await premium('back-library');
    await imported(seller, 'shop.csv', fixture(FIXTURES.shopify2021));
    const get = (platform: string) =>
      seller.client.request({ url: `/api/library/export/${platform}`, cookie: seller.cookie });
    const shopify = parseCsvObjects((await get('shopify')).body);
    expect([...new Set(shopify.map((row) => row.Handle))].sort()).toEqual([
      'example-hat',
      'example-pants',
      'example-t-shirt',
    ]);
    const squarespace = parseCsvObjects((await get('squarespace')).body);
    expect(squarespace.filter((row) => row.Title).map((row) => row['Product URL'])).toEqual(
      expect.arrayContaining(['example-t-shirt', 'example-pants', 'example-hat']),
    );
    expect(squarespace.every((row) => row['Product ID [Non Editable]'] === '')).toBe(true);
  });

  it('leaves out products deleted since; another seller’s import is not found; free sellers are refused', async () => {
    const seller = await premium('back-owner');
    const first = await imported(seller, 'shop.csv', fixture(FIXTURES.shopify2021));
    const hat = (await productsOf(h, seller.id)).find((row) => row.sourceKey === 'example-hat')!;
    const removed = await seller.client.request({
      method: 'DELETE',
      url: `/api/product/${hat.id}`,
      cookie: seller.cookie,
    });
    expect(removed.statusCode).toBe(204);
    const rows = parseCsvObjects((await download(seller, first.id)).body);
    expect(rows.map((row) => row.Handle)).not.toContain('example-hat');

    const other = await premium('back-other');
    expect((await download(other, first.id)).statusCode).toBe(404);
    const free = await account(h, 'back-free');
    const refused = await download(free, first.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'premium-required' });
  });
});
