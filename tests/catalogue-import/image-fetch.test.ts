import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageFetcher } from '#server/catalogue-import/image-fetcher.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account } from '../products/support.js';
import { makePremium } from '../library/support.js';
import {
  afterImages,
  imported,
  productsOf,
  startImageServer,
  type ImageServer,
} from './support.js';

/** Test names: one resolves to the image server's address, one to a private network. */
const NAMES: Record<string, string> = {
  'images.shop.test': '127.0.0.1',
  'intranet.shop.test': '10.1.2.3',
  'metadata.shop.test': '169.254.169.254',
};

const testLookup = ((
  hostname: string,
  options: { all?: boolean },
  callback: (...args: unknown[]) => void,
) => {
  const address = NAMES[hostname];
  if (!address) {
    callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  } else if (options.all) callback(null, [{ address, family: 4 }]);
  else callback(null, address, 4);
}) as unknown as LookupFunction;

describe('fetching a catalogue’s images: the SSRF policy', () => {
  let images: ImageServer;
  beforeAll(async () => {
    images = await startImageServer();
  });
  afterAll(async () => {
    await images?.close();
  });

  /** The policy tests run under: the image server's own address allowed, nothing else. */
  const fetcher = () =>
    createImageFetcher({ allowAddresses: ['127.0.0.1'], timeoutMs: 1_000, lookup: testLookup });

  it('fetches an image from an allowed address, through a redirect, and by a name', async () => {
    const bytes = await fetcher()(`${images.url}/redirect-to-photo`);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const byName = await fetcher()(`http://images.shop.test:${images.port}/photo.jpg`);
    expect(byName.length).toBe(bytes.length);
  });

  it('refuses loopback without the allowance: production allows no private address', async () => {
    const production = createImageFetcher({ allowAddresses: [], timeoutMs: 1_000 });
    await expect(production(`${images.url}/photo.jpg`)).rejects.toThrow(/not a public one/);
    await expect(production(`http://localhost:${images.port}/photo.jpg`)).rejects.toThrow(
      /not a public one/,
    );
  });

  const refusals: [string, (server: ImageServer) => string, RegExp][] = [
    ['a private IP', () => 'http://10.0.0.1/photo.jpg', /not a public one/],
    ['a link-local (cloud metadata) IP', () => 'http://169.254.169.254/latest', /not a public one/],
    ['the IPv6 loopback', (s) => `http://[::1]:${s.port}/photo.jpg`, /not a public one/],
    ['an IPv4-mapped loopback', (s) => `http://[::ffff:127.0.0.2]:${s.port}/x`, /not a public one/],
    ['a unique-local IPv6', () => 'http://[fd00::1]/photo.jpg', /not a public one/],
    ['a redirect to loopback', (s) => `${s.url}/redirect-to-loopback`, /not a public one/],
    [
      'a DNS name resolving to a private IP',
      () => 'http://intranet.shop.test/p.jpg',
      /not a public one/,
    ],
    ['a DNS name resolving to link-local', () => 'https://metadata.shop.test/', /not a public one/],
    ['a file: address', () => 'file:///etc/passwd', /Only http and https/],
    ['an ftp: address', () => 'ftp://images.shop.test/photo.jpg', /Only http and https/],
    ['a redirect to a file: address', (s) => `${s.url}/redirect-to-file`, /Only http and https/],
    [
      'credentials in the address',
      (s) => `http://user:pw@127.0.0.1:${s.port}/photo.jpg`,
      /user name or password/,
    ],
    ['a server too slow to finish', (s) => `${s.url}/slow`, /took longer than 1 s/],
    ['a missing image', (s) => `${s.url}/missing.jpg`, /answered 404/],
  ];
  for (const [name, address, reason] of refusals) {
    it(`refuses ${name}`, async () => {
      await expect(fetcher()(address(images))).rejects.toThrow(reason);
    });
  }

  it('refuses a body over 10 MB, counted while reading (no length announced)', async () => {
    // A deadline the machine's load cannot reach: the byte cap is what refuses it.
    const patient = createImageFetcher({ allowAddresses: ['127.0.0.1'], timeoutMs: 30_000 });
    await expect(patient(`${images.url}/oversize`)).rejects.toThrow(/larger than 10 MB/);
  });

  it('never connects to the refused address after a redirect', async () => {
    const before = images.requests.length;
    await expect(fetcher()(`${images.url}/redirect-to-loopback`)).rejects.toThrow();
    // The redirect itself was asked for; the photo on 127.0.0.2 (same server) never was.
    expect(images.requests.slice(before)).toEqual(['/redirect-to-loopback']);
  });
});

describe('an import’s images: fetched afterwards, stored by the upload rules, failures per product', () => {
  let h: TestApp;
  let images: ImageServer;
  beforeAll(async () => {
    images = await startImageServer();
    h = await startTestApp({
      env: { IMAGE_FETCH_ALLOW_ADDRESSES: '127.0.0.1', IMAGE_FETCH_TIMEOUT_MS: '1000' },
      imageFetchLookup: testLookup,
    });
  });
  afterAll(async () => {
    await h?.close();
    await images?.close();
  });

  it('stores the fetched photos as the product’s, and reports each refused image on its product', async () => {
    const seller = await account(h, 'images');
    await makePremium(h, seller.id);
    const file = [
      'Handle,Title,Body (HTML),Image Src,Image Alt Text',
      `mug,Blue mug,,${images.url}/photo.jpg,A blue mug`,
      `mug,,,http://intranet.shop.test/second.jpg,`,
      `mug,,,http://images.shop.test:${images.port}/second.jpg,`,
      `bowl,Bowl,,${images.url}/redirect-to-loopback,`,
      `vase,Vase,,${images.url}/not-an-image,`,
      '',
    ].join('\n');
    const started = await imported(seller, 'images.csv', file);
    expect(started.created).toBe(3);
    const result = await afterImages(h, seller, started.id);
    expect(result.images).toMatchObject({ pending: 0, done: 3, fetched: 2, failed: 3 });
    expect(result.images.failures.map((f) => [f.key, f.line, f.url, f.reason])).toEqual([
      ['mug', 2, 'http://intranet.shop.test/second.jpg', expect.stringMatching(/not a public one/)],
      ['bowl', 5, `${images.url}/redirect-to-loopback`, expect.stringMatching(/not a public one/)],
      ['vase', 6, `${images.url}/not-an-image`, expect.stringMatching(/format/i)],
    ]);

    const [mug, bowl] = await productsOf(h, seller.id);
    const photos = JSON.parse(mug!.photos) as { imageId: string }[];
    expect(photos).toHaveLength(2);
    expect(mug!.imageId).toBe(photos[0]!.imageId);
    expect(mug!.altText).toBe('A blue mug');
    const shown = await seller.client.request({
      url: `/api/images/${photos[0]!.imageId}/display.jpg`,
      cookie: seller.cookie,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toMatch(/^image\/jpeg/);
    // No image could be fetched: the product shows a plain tile under its main photo's id.
    const tile = await seller.client.request({
      url: `/api/images/${bowl!.imageId}/display.jpg`,
      cookie: seller.cookie,
    });
    expect(tile.statusCode).toBe(200);
  });
});
