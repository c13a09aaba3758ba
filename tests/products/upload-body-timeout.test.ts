import { readdir } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_STALLED_MESSAGE } from '#server/http/body-timeout.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { multipartBody } from '../support/multipart.js';
import { account, balanceOf, photo } from './support.js';

/** How many descriptors this process holds open (the app runs in it). */
async function openDescriptors(): Promise<number> {
  return (await readdir('/proc/self/fd')).length;
}

interface RawExchange {
  /** Everything the server sent before the connection ended. */
  received: Promise<string>;
  socket: net.Socket;
}

/** A multipart upload whose body stops after part of a file: no closing boundary ever comes. */
function truncatedUpload(port: number, cookie: string, data: Buffer): RawExchange {
  const boundary = '----listsmith-truncated';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="cut.jpg"\r\n` +
      'Content-Type: image/jpeg\r\n\r\n',
  );
  const body = Buffer.concat([head, data]);
  const socket = net.connect(port, '127.0.0.1');
  socket.write(
    'POST /api/product/generate-product-details-from-image HTTP/1.1\r\n' +
      'Host: app.listsmith.test\r\nOrigin: http://app.listsmith.test\r\n' +
      `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length + 1000}\r\n\r\n`,
  );
  socket.write(body);
  let text = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (text += chunk));
  const received = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(text));
    socket.on('error', () => {});
  });
  return { received, socket };
}

const IDLE_MS = 500;

describe('upload bodies that never finish', () => {
  let h: TestApp;
  let port: number;
  beforeAll(async () => {
    h = await startTestApp({ env: { BODY_IDLE_TIMEOUT_MS: String(IDLE_MS) } });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each([1_000, 20_000, 200_000])(
    'answers 400 at once to a complete body without its closing boundary (%d bytes of file, one write)',
    async (bytes) => {
      const seller = await account(h, 'unclosed');
      const before = await openDescriptors();
      const boundary = '----listsmith-unclosed';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="cut.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        photo('home-mug-black-yellow.jpg').data.subarray(0, bytes),
      ]);
      const socket = net.connect(port, '127.0.0.1');
      socket.setEncoding('latin1');
      let text = '';
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => {});
      const started = Date.now();
      // Headers and the whole (boundary-less) body in one write: Content-Length is honest, so
      // the request is complete as far as HTTP goes.
      socket.write(
        Buffer.concat([
          Buffer.from(
            'POST /api/product/generate-product-details-from-image HTTP/1.1\r\n' +
              'Host: app.listsmith.test\r\nOrigin: http://app.listsmith.test\r\n' +
              `Cookie: ${seller.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
              `Content-Length: ${body.length}\r\n\r\n`,
          ),
          body,
        ]),
      );
      await expect.poll(() => text, { timeout: IDLE_MS * 4 }).toMatch(/^HTTP\/1\.1 400 /);
      expect(Date.now() - started).toBeLessThan(IDLE_MS);
      socket.destroy();
      await expect.poll(() => h.uploadedFiles(), { timeout: 3_000 }).toEqual([]);
      await expect.poll(openDescriptors, { timeout: 3_000 }).toBeLessThanOrEqual(before);
      expect(await balanceOf(h, seller.id)).toEqual({ subscriptionCredits: 0, fixedCredits: 3 });
    },
  );

  it.each(['stays connected', 'half-closes', 'goes away'])(
    'answers or closes, and leaves no file or descriptor, when the client %s',
    async (how) => {
      const seller = await account(h, 'cut');
      const before = await openDescriptors();
      const started = Date.now();
      const exchange = truncatedUpload(
        port,
        seller.cookie,
        photo('home-mug-black-yellow.jpg').data.subarray(0, 20_000),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (how === 'half-closes') exchange.socket.end();
      if (how === 'goes away') exchange.socket.destroy();
      const received = await exchange.received;
      // Answered (408 when the server ended it, 400 when the client's end cut the body short)
      // or, when the client went away, simply over; never left hanging.
      expect(Date.now() - started).toBeLessThan(IDLE_MS + 2_000);
      if (how === 'stays connected') {
        expect(received).toMatch(/^HTTP\/1\.1 408 /);
        expect(received).toContain(BODY_STALLED_MESSAGE);
      }
      if (how === 'half-closes') expect(received).toMatch(/^HTTP\/1\.1 400 /);
      await expect.poll(() => h.uploadedFiles(), { timeout: 3_000 }).toEqual([]);
      await expect.poll(openDescriptors, { timeout: 3_000 }).toBeLessThanOrEqual(before);
    },
  );
});

describe('other request bodies that never finish', () => {
  let h: TestApp;
  let port: number;
  beforeAll(async () => {
    h = await startTestApp({ env: { BODY_IDLE_TIMEOUT_MS: String(IDLE_MS) } });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 408 to a JSON body that stops half way', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('latin1');
    let text = '';
    socket.on('data', (chunk: string) => (text += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: app.listsmith.test\r\n' +
        'Origin: http://app.listsmith.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 200\r\n\r\n{"email":"a@example.com",',
    );
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeLessThan(IDLE_MS + 2_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('leaves a slow but steady body alone', async () => {
    const seller = await account(h, 'slow');
    const { body, contentType } = multipartBody([photo('home-mug-black-yellow.jpg')]);
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('latin1');
    let text = '';
    socket.on('data', (chunk: string) => (text += chunk));
    socket.write(
      'POST /api/product/generate-product-details-from-image HTTP/1.1\r\n' +
        'Host: app.listsmith.test\r\nOrigin: http://app.listsmith.test\r\n' +
        `Cookie: ${seller.cookie}\r\nContent-Type: ${contentType}\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // Four slices, each after a pause shorter than the idle limit: longer than it in total.
    const slice = Math.ceil(body.length / 4);
    for (let at = 0; at < body.length; at += slice) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2));
      socket.write(body.subarray(at, at + slice));
    }
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(text).toMatch(/^HTTP\/1\.1 202 /);
  });
});
