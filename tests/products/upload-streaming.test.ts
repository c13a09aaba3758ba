/**
 * Issue 29: each photo is drafted as soon as it is stored, while the rest of the upload still
 * arrives. A multipart body is streamed part by part; the first photo's draft is ready before
 * the last part is even sent. A refused upload still withdraws what it had drafted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResponseSchema } from '#domain/products.js';
import { UPLOAD_MESSAGES } from '#domain/upload-rules.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import type { UploadFile } from '../support/multipart.js';
import { testRedis } from '../support/redis.js';
import { account, balanceOf, photo, productRows, setBalance, type Account } from './support.js';

/** An upload whose body is sent one file at a time, each only when the test says so. */
function streamedUpload(port: number, seller: Account) {
  const boundary = '----listsmith-streamed';
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/product/generate-product-details-from-image',
    headers: {
      host: 'app.listsmith.test',
      origin: 'http://app.listsmith.test',
      cookie: seller.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  // A part ends where the next delimiter begins: each file is sent with the delimiter after
  // it, so the server knows it is whole while the next part is still unsent.
  request.write(`--${boundary}`);
  return {
    answer,
    send(file: UploadFile) {
      request.write(
        `\r\nContent-Disposition: form-data; name="images"; ` +
          `filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      );
      request.write(file.data);
      request.write(`\r\n--${boundary}`);
    },
    end() {
      request.end('--\r\n');
    },
  };
}

/** Polls until `check` holds (the app works on its own schedule). */
async function until(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(['in this process', 'on Redis'] as const)(
  'an upload still arriving (queue %s)',
  (where) => {
    const redis = testRedis('streamed');
    let h: TestApp;
    let port: number;
    beforeAll(async () => {
      h = await startTestApp(where === 'on Redis' ? { env: redis.env } : {});
      await h.app.listen({ host: '127.0.0.1', port: 0 });
      port = (h.app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await h?.close();
      await redis.clean();
    });

    it('drafts the first photo before the last part is sent', { timeout: 60_000 }, async () => {
      const seller = await account(h, 'streamed');
      await setBalance(h, seller.id, { planName: 'premium', fixedCredits: 3 });
      const upload = streamedUpload(port, seller);
      upload.send(photo('toys-football.jpg'));
      // The body is still open: nothing after the first file has been sent.
      await until(async () => {
        const rows = await productRows(h, seller.id);
        return rows.some((row) => row.generationState === 'ready');
      }, 'the first draft');
      const [first] = await productRows(h, seller.id);
      expect(first).toMatchObject({ fileName: 'toys-football.jpg', batchPosition: 0 });

      upload.send(photo('toys-rubiks-cube.jpg'));
      upload.end();
      const { status, body } = await upload.answer;
      expect(status).toBe(202);
      const { results } = uploadResponseSchema.parse(JSON.parse(body));
      expect(results.map((p) => p.fileName)).toEqual(['toys-football.jpg', 'toys-rubiks-cube.jpg']);
      // The answer carries each product as it is now: the first one already drafted.
      expect(results[0]!.generation).toEqual({ state: 'ready' });
      await h.generationIdle();
      const rows = await productRows(h, seller.id);
      expect(rows.map((row) => row.generationState)).toEqual(['ready', 'ready']);
      expect(await balanceOf(h, seller.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 1 });
    });

    it(
      'withdraws a drafted photo when a later file makes the upload too large for the plan',
      { timeout: 60_000 },
      async () => {
        const seller = await account(h, 'streamed-four');
        await setBalance(h, seller.id, { fixedCredits: 10 });
        const filesBefore = await h.uploadedFiles();
        const upload = streamedUpload(port, seller);
        upload.send(photo('toys-football.jpg'));
        await until(async () => (await productRows(h, seller.id)).length === 1, 'the first draft');
        for (const name of [
          'toys-rubiks-cube.jpg',
          'toys-skateboard.jpg',
          'toys-treasure-box.jpg',
        ]) {
          upload.send(photo(name));
        }
        upload.end();
        const { status, body } = await upload.answer;
        expect(status).toBe(400);
        expect(JSON.parse(body)).toMatchObject({ error: UPLOAD_MESSAGES.tooManyFree });
        await h.generationIdle();
        expect(await productRows(h, seller.id)).toEqual([]);
        expect(await h.uploadedFiles()).toEqual(filesBefore);
        expect(await balanceOf(h, seller.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 10 });
      },
    );
  },
);
