import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, balanceOf, ledgerOf, setBalance, type Account } from '../products/support.js';
import { makePremium } from '../library/support.js';
import {
  FIXTURES,
  fixture,
  importFile,
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

describe('catalogue import: the three store files', () => {
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

  it('imports Shopify’s 2021 sample: one product per handle, variants grouped, statuses kept', async () => {
    const seller = await premium('shopify-2021');
    const result = await imported(seller, 'products.csv', fixture(FIXTURES.shopify2021));
    expect(result).toMatchObject({ format: 'shopify', created: 3, updated: 0, skipped: [] });
    const rows = await productsOf(h, seller.id);
    expect(rows.map((r) => [r.sourceKey, r.title, r.storeStatus, r.priceCents, r.status])).toEqual([
      ['example-t-shirt', 'Example T-Shirt', 'active', 2500, 'saved'],
      ['example-pants', 'Example Pants', 'draft', 4999, 'saved'],
      ['example-hat', 'Example Hat', 'archived', 1799, 'saved'],
    ]);
    const shirt = rows[0]!;
    expect(shirt.format).toBe('shopify');
    expect(shirt.sourceFile).toBe('products.csv');
    expect(shirt.seoTitle).toBe('Our awesome T-shirt in 70 characters or less.');
    expect(JSON.parse(shirt.tags)).toEqual(['mens t-shirt example']);
    expect(JSON.parse(shirt.variants)).toMatchObject({
      options: [
        { name: 'Title', values: ['Lithograph - Height: 9" x Width: 12"', 'Small', 'Medium'] },
      ],
    });
  });

  it('imports Shopify’s 2019 and 2023 samples: HTML read as text, taxonomy category, 4×3 variants, image-only rows', async () => {
    const seller = await premium('shopify-2023');
    const old = await imported(seller, 'old.csv', fixture(FIXTURES.shopify2019));
    expect(old).toMatchObject({ format: 'shopify', created: 1 });
    const result = await imported(seller, 'new.csv', fixture(FIXTURES.shopify2023));
    expect(result).toMatchObject({ format: 'shopify', created: 3, updated: 0 });
    const rows = (await productsOf(h, seller.id)).filter((r) => r.sourceFile === 'new.csv');
    const shirt = rows.find((r) => r.sourceKey === 'example-shirt')!;
    expect(shirt.description).toMatch(/^This t-shirt is as simple as it gets\./);
    expect(shirt.description).not.toContain('<p>');
    expect(shirt.categoryFullName).toBe(
      'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts',
    );
    expect(shirt.categoryId).toMatch(/^gid:\/\/shopify\/TaxonomyCategory\//);
    const variants = JSON.parse(shirt.variants) as { options: { name: string }[]; rows: unknown[] };
    expect(variants.options.map((o) => o.name)).toEqual(['Color', 'Size']);
    expect(variants.rows).toHaveLength(12);
    const pants = await h.db
      .selectFrom('catalogueImportItems')
      .select('images')
      .where('productId', '=', rows.find((r) => r.sourceKey === 'example-pants')!.id)
      .executeTakeFirstOrThrow();
    // Three variant rows and the image-only row: four images of one product.
    expect(JSON.parse(pants.images)).toHaveLength(4);
  });

  it('imports Squarespace’s file: a titled row starts a product, the rows after it are its sizes', async () => {
    const seller = await premium('squarespace');
    const result = await imported(seller, 'squarespace.csv', fixture(FIXTURES.squarespace));
    expect(result).toMatchObject({ format: 'squarespace', created: 2, skipped: [] });
    const rows = await productsOf(h, seller.id);
    expect(rows.map((r) => [r.sourceKey, r.title, r.priceCents])).toEqual([
      ['url:foo', 'foo', 1700],
      ['url:bar', 'bar', 5000],
    ]);
    expect(JSON.parse(rows[1]!.variants)).toMatchObject({
      options: [{ name: 'Size', values: ['Small', 'Medium', 'Large'] }],
    });
  });

  it('imports WooCommerce’s export: one row a product, a variation reported with its line', async () => {
    const seller = await premium('woo');
    const result = await imported(seller, 'woo.csv', wooCommerceSample(images.url));
    expect(result).toMatchObject({
      format: 'woocommerce',
      created: 2,
      skipped: [{ line: 4, key: 'id:76', reason: expect.stringContaining('variation') }],
    });
    const rows = await productsOf(h, seller.id);
    const tee = rows.find((r) => r.sourceKey === 'id:44')!;
    expect(tee.description).toBe(
      'Pellentesque habitant morbi tristique.\n\nVestibulum tortor quam.',
    );
    const hoodie = rows.find((r) => r.sourceKey === 'id:46')!;
    expect([hoodie.title, hoodie.priceCents, JSON.parse(hoodie.tags)]).toEqual([
      'Hoodie with Logo',
      4500,
      ['warm', 'cotton'],
    ]);
  });

  it('keeps the imported text as the first version, so undo goes back to it', async () => {
    const seller = await premium('versions');
    await imported(seller, 'products.csv', fixture(FIXTURES.shopify2021));
    const [shirt] = await productsOf(h, seller.id);
    const edit = await seller.client.request({
      method: 'PATCH',
      url: `/api/product/${shirt!.id}`,
      payload: { title: 'Improved T-Shirt' },
      cookie: seller.cookie,
    });
    expect(edit.statusCode).toBe(200);
    const versions = await seller.client.request({
      url: `/api/product/${shirt!.id}/versions`,
      cookie: seller.cookie,
    });
    const list = versions.json<{
      versions: { id: string; field: string; value: string; cause: string }[];
    }>();
    const original = list.versions.find((v) => v.field === 'title' && v.cause === 'import');
    expect(original?.value).toBe('Example T-Shirt');
    const restored = await seller.client.request({
      method: 'POST',
      url: `/api/product/${shirt!.id}/restore`,
      payload: { versionId: original!.id },
      cookie: seller.cookie,
    });
    expect(restored.json<{ title: string }>().title).toBe('Example T-Shirt');
  });

  it('importing the same source again updates those products and never duplicates them', async () => {
    const seller = await premium('reimport');
    const first = await imported(seller, 'products.csv', fixture(FIXTURES.shopify2021));
    const before = await productsOf(h, seller.id);
    const changed = fixture(FIXTURES.shopify2021)
      .toString('utf8')
      .replace('example-hat,Example Hat', 'example-hat,Example Winter Hat');
    const second = await imported(seller, 'products-again.csv', changed);
    expect(first.created).toBe(3);
    expect(second).toMatchObject({ created: 0, updated: 3 });
    const after = await productsOf(h, seller.id);
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(after.find((r) => r.sourceKey === 'example-hat')!.title).toBe('Example Winter Hat');
    const hatVersions = await h.db
      .selectFrom('productFieldVersions')
      .select(['value', 'cause'])
      .where('productId', '=', after.find((r) => r.sourceKey === 'example-hat')!.id)
      .where('field', '=', 'title')
      .orderBy('id')
      .execute();
    expect(hatVersions).toEqual([
      { value: 'Example Hat', cause: 'import' },
      { value: 'Example Hat', cause: 'reimport' },
      { value: 'Example Winter Hat', cause: 'import' },
    ]);
    // The same handles from another format are other products.
    const squarespace = await imported(seller, 'sq.csv', fixture(FIXTURES.squarespace));
    expect(squarespace.created).toBe(2);
  });

  it('costs no credits', async () => {
    const seller = await premium('credits');
    await setBalance(h, seller.id, { subscriptionCredits: 5, fixedCredits: 2 });
    const ledger = await ledgerOf(h, seller.id);
    await imported(seller, 'products.csv', fixture(FIXTURES.shopify2023));
    expect(await balanceOf(h, seller.id)).toEqual({ subscriptionCredits: 5, fixedCredits: 2 });
    expect(await ledgerOf(h, seller.id)).toEqual(ledger);
  });

  it('refuses a free seller, and nothing is imported', async () => {
    const free = await account(h, 'free-import');
    const response = await importFile(free, 'products.csv', fixture(FIXTURES.shopify2021));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'premium-required' });
    expect(await productsOf(h, free.id)).toEqual([]);
  });

  it('answers 404 for another seller’s import and for an unknown one', async () => {
    const seller = await premium('owner');
    const other = await premium('other');
    const result = await imported(seller, 'products.csv', fixture(FIXTURES.shopify2021));
    const mine = await seller.client.request({
      url: `/api/catalogue-imports/${result.id}`,
      cookie: seller.cookie,
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await other.client.request({
      url: `/api/catalogue-imports/${result.id}`,
      cookie: other.cookie,
    });
    expect(theirs.statusCode).toBe(404);
    const unknown = await other.client.request({
      url: '/api/catalogue-imports/not-an-id',
      cookie: other.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });

  describe('a malformed file is refused with its line and reason, and nothing is imported', () => {
    const shopify = fixture(FIXTURES.shopify2021).toString('utf8');
    const lines = shopify.split('\n');
    const cases: [string, string, number | null, RegExp][] = [
      [
        'a row short of fields',
        [...lines.slice(0, 4), 'example-hat,Example Hat,,Acme', ...lines.slice(4)].join('\n'),
        5,
        /does not have as many fields as the header/,
      ],
      [
        'a quote never closed',
        `${lines.slice(0, 5).join('\n')}\nexample-bad,"Unclosed title,,,\n`,
        6,
        /quoted field is not closed/,
      ],
      [
        'an unknown header',
        'Name;Price;Colour\nMug;12;Blue\n',
        1,
        /not a Shopify, WooCommerce or Squarespace/,
      ],
      [
        'a handle whose rows are apart',
        // The file ends with a line break: the repeated row is line 8.
        [...lines, lines[2]!].join('\n'),
        8,
        /rows of handle “example-t-shirt” are not together \(its product starts on line 2\)/,
      ],
      ['a header and nothing else', `${lines[0]}\n`, null, /no products/],
    ];
    for (const [name, file, line, reason] of cases) {
      it(name, async () => {
        const seller = await premium(`malformed`);
        const response = await importFile(seller, 'broken.csv', file);
        expect(response.statusCode).toBe(400);
        const body = response.json<{ error: string; line: number | null }>();
        expect(body.line).toBe(line);
        expect(body.error).toMatch(reason);
        if (line !== null) expect(body.error).toMatch(new RegExp(`^Line ${line}: `));
        expect(await productsOf(h, seller.id)).toEqual([]);
        const left = await h.db
          .selectFrom('catalogueImports')
          .select('id')
          .where('userId', '=', seller.id)
          .execute();
        expect(left).toEqual([]);
      });
    }

    it('refuses a later line after many good products: none of them stays', async () => {
      const seller = await premium('late-error');
      const rows = Array.from({ length: 450 }, (_, i) => `handle-${i},Product ${i},,Acme`);
      const header = 'Handle,Title,Body (HTML),Vendor';
      const file = [header, ...rows, 'handle-bad,"Bad', ''].join('\n');
      const response = await importFile(seller, 'late.csv', file);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ line: number }>().line).toBe(452);
      expect(await productsOf(h, seller.id)).toEqual([]);
    });
  });
});
