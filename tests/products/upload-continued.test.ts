/**
 * An upload sent in several requests (the browser sends a large one so): later requests name a
 * product an earlier one answered, and are filed with that upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CONTINUES_FIELD } from '#domain/products.js';
import { UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { BAD_DIR } from '../images/support.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  account,
  balanceOf,
  listProducts,
  photo,
  productRows,
  setBalance,
  uploadOk,
} from './support.js';

describe('upload in several requests', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the upload’s order in the list, across requests', async () => {
    const a = await account(h, 'continued');
    await setBalance(h, a.id, { planName: 'premium', subscriptionCredits: 10 });
    // An earlier upload, to be listed below this one.
    await uploadOk(a, [photo('toys-skateboard.jpg')]);
    const first = await uploadOk(a, [photo('toys-football.jpg')]);
    const rest = await a.client.upload(
      a.cookie,
      [photo('toys-rubiks-cube.jpg'), photo('toys-treasure-box.jpg')],
      { [UPLOAD_CONTINUES_FIELD]: first.results[0]!.id },
    );
    expect(rest.statusCode).toBe(202);
    const listed = await listProducts(a);
    expect(listed.map((product) => product.fileName)).toEqual([
      'toys-football.jpg',
      'toys-rubiks-cube.jpg',
      'toys-treasure-box.jpg',
      'toys-skateboard.jpg',
    ]);
  });

  it('answers a later request whose every file is refused with the refusals, charging nothing', async () => {
    const a = await account(h, 'continued-refused');
    const first = await uploadOk(a, [photo('toys-football.jpg')]);
    const response = await a.client.upload(a.cookie, [photo('text-renamed.jpg', BAD_DIR)], {
      [UPLOAD_CONTINUES_FIELD]: first.results[0]!.id,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      results: [],
      rejected: [{ fileName: 'text-renamed.jpg', message: UPLOAD_MESSAGES.unsupportedFormat }],
    });
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 2 });
  });

  it('holds the whole upload to the plan’s count, however it is split', async () => {
    const a = await account(h, 'continued-free');
    await setBalance(h, a.id, { fixedCredits: 10 });
    const first = await uploadOk(a, [photo('toys-football.jpg'), photo('toys-skateboard.jpg')]);
    const response = await a.client.upload(
      a.cookie,
      [photo('toys-rubiks-cube.jpg'), photo('toys-treasure-box.jpg')],
      { [UPLOAD_CONTINUES_FIELD]: first.results[1]!.id },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: UPLOAD_MESSAGES.tooManyFree });
    expect(await productRows(h, a.id)).toHaveLength(2);
    expect(await balanceOf(h, a.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 8 });
  });

  it('treats a request naming no product of the seller as an upload of its own', async () => {
    const a = await account(h, 'continued-unknown');
    const other = await account(h, 'continued-other');
    const theirs = await uploadOk(other, [photo('toys-football.jpg')]);
    const response = await a.client.upload(a.cookie, [photo('text-renamed.jpg', BAD_DIR)], {
      [UPLOAD_CONTINUES_FIELD]: theirs.results[0]!.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: UPLOAD_MESSAGES.unsupportedFormat });
  });

  it.each([['not-a-product-id'], ['\u0000'], ['x'.repeat(5_000)]])(
    'treats a malformed continued id (%#) as an upload of its own',
    async (value) => {
      const a = await account(h, `continued-malformed-${value.length}`);
      const response = await a.client.upload(a.cookie, [photo('toys-football.jpg')], {
        [UPLOAD_CONTINUES_FIELD]: value,
      });
      expect(response.statusCode).toBe(202);
      const [product] = await productRows(h, a.id);
      expect(product?.batchPosition).toBe(0);
    },
  );
});
