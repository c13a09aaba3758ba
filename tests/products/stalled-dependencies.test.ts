/**
 * Outside services that stall rather than refuse (issue 28): an S3 endpoint that accepts
 * connections and never answers, and a Redis whose connection goes silent or away. An upload
 * meets either with a 503 within its deadline, and is charged nothing.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_UNAVAILABLE_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE } from '#domain/upload-rules.js';
import { APP_URL, startTestApp, type TestApp } from '../support/harness.js';
import { multipartBody } from '../support/multipart.js';
import { testRedis } from '../support/redis.js';
import { account, balanceOf, ledgerOf, photo, productRows } from './support.js';

const DEADLINE_MS = 500;

/** A TCP server that takes every connection and never says a word. */
async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP proxy in front of the local Redis that can go silent (connections stay up and what is
 * sent waits, as with a Redis process stopped by SIGSTOP; it is passed on once resumed) or drop
 * every connection and refuse new ones (a stopped Redis).
 */
async function startRedisProxy(target: string) {
  const { hostname, port } = new URL(target);
  const pairs = new Set<[net.Socket, net.Socket]>();
  const held: (() => void)[] = [];
  let mode: 'pass' | 'silent' | 'stopped' = 'pass';
  const forward = (to: net.Socket) => (chunk: Buffer) => {
    if (mode === 'pass') to.write(chunk);
    else held.push(() => to.write(chunk));
  };
  const server = net.createServer((client) => {
    if (mode === 'stopped') return client.destroy();
    const upstream = net.connect(Number(port || 6379), hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    set(next: typeof mode) {
      mode = next;
      if (next === 'stopped') {
        held.length = 0;
        for (const [client] of pairs) client.destroy();
      }
      if (next === 'pass') for (const write of held.splice(0)) write();
    },
    async close() {
      for (const [client] of pairs) client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('a stalled S3', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let h: TestApp;
  const previous = { ...process.env };
  beforeAll(async () => {
    silent = await startSilentServer();
    // The SDK reads these itself (as in production).
    const sdk = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'STALLED',
      AWS_SECRET_ACCESS_KEY: 'STALLED',
      AWS_ENDPOINT_URL_S3: silent.url,
    };
    Object.assign(process.env, sdk);
    h = await startTestApp({
      env: {
        ...sdk,
        S3_BUCKET: 'stalled-bucket',
        S3_FORCE_PATH_STYLE: 'true',
        S3_TIMEOUT_MS: String(DEADLINE_MS),
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await silent?.close();
    for (const key of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
      if (previous[key] === undefined) delete process.env[key];
      else process.env[key] = previous[key];
    }
    if (previous.AWS_ENDPOINT_URL_S3 === undefined) delete process.env.AWS_ENDPOINT_URL_S3;
    else process.env.AWS_ENDPOINT_URL_S3 = previous.AWS_ENDPOINT_URL_S3;
  });

  it('answers an upload 503 within its deadline and charges nothing', async () => {
    const seller = await account(h, 's3-stalled');
    const before = await balanceOf(h, seller.id);
    const started = Date.now();
    const response = await seller.client.upload(seller.cookie, [photo('toys-football.jpg')]);
    const took = Date.now() - started;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: STORAGE_UNAVAILABLE_MESSAGE });
    // One attempt and one retry, each cut at the deadline, and the time to read the photo.
    expect(took).toBeLessThan(DEADLINE_MS * 2 + 2_000);
    expect(await balanceOf(h, seller.id)).toEqual(before);
    expect(await productRows(h, seller.id)).toEqual([]);
  });

  it('closes an upload answered before its body was read: the next request is not stuck behind it', async () => {
    const seller = await account(h, 's3-stalled-next');
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = h.app.server.address() as AddressInfo;
    // One kept-alive connection, as a browser or fetch reuses one: the second request goes on
    // the first one's connection unless the server closed it.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const { body, contentType } = multipartBody(
      ['toys-football.jpg', 'home-mug-black-yellow.jpg', 'apparel-hat-straw.jpg'].map((name) =>
        photo(name),
      ),
    );
    try {
      const upload = await send(agent, port, {
        method: 'POST',
        path: '/api/product/generate-product-details-from-image',
        headers: { cookie: seller.cookie, origin: APP_URL, 'content-type': contentType },
        body,
      });
      expect(upload.status).toBe(503);
      expect(upload.headers.connection).toBe('close');
      const started = Date.now();
      const profile = await send(agent, port, {
        method: 'GET',
        path: '/api/user/profile',
        headers: { cookie: seller.cookie },
      });
      expect(profile.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS);
    } finally {
      agent.destroy();
    }
  });
});

/** One request over `agent`, answered with its status and headers (the body is read away). */
function send(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; headers: http.OutgoingHttpHeaders; body?: Buffer },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: '127.0.0.1', port, ...options, timeout: 20_000 },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 20 s')));
    // The server may close the connection before it read the whole upload: not our failure.
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE') reject(error);
    });
    request.end(options.body);
  });
}

describe.each(['silent', 'stopped'] as const)('a Redis that went %s', (mode) => {
  const redis = testRedis(`stalled-${mode}`);
  let proxy: Awaited<ReturnType<typeof startRedisProxy>>;
  let h: TestApp;
  beforeAll(async () => {
    proxy = await startRedisProxy(redis.env.REDIS_URL);
    h = await startTestApp({
      env: { ...redis.env, REDIS_URL: proxy.url, REDIS_TIMEOUT_MS: String(DEADLINE_MS) },
    });
  });
  afterAll(async () => {
    proxy?.set('pass');
    await h?.close();
    await proxy?.close();
    await redis.clean();
  });

  it('answers an upload 503 within its deadline, charges nothing and keeps nothing', async () => {
    const seller = await account(h, `redis-${mode}`);
    const before = await balanceOf(h, seller.id);
    proxy.set(mode);
    try {
      const started = Date.now();
      const response = await seller.client.upload(seller.cookie, [photo('toys-football.jpg')]);
      const took = Date.now() - started;
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: QUEUE_UNAVAILABLE_MESSAGE,
        code: 'queue-unavailable',
      });
      expect(took).toBeLessThan(DEADLINE_MS + 3_000);
      // The reservation was given back in the same path: the balance is whole, no product stays.
      expect(await balanceOf(h, seller.id)).toEqual(before);
      const ledger = await ledgerOf(h, seller.id);
      const net = ledger.reduce((sum, row) => sum + row.subscriptionDelta + row.fixedDelta, 0);
      expect(net).toBe(before.fixedCredits + before.subscriptionCredits);
      expect(await productRows(h, seller.id)).toEqual([]);
      await expect.poll(() => h.uploadedFiles(), { timeout: 3_000 }).toEqual([]);
    } finally {
      proxy.set('pass');
    }
    // Redis is back: the app works again (and its connections can be closed).
    await expect
      .poll(
        () =>
          h.shared!.ping().then(
            () => true,
            () => false,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    // The queue's own connection comes back on its own schedule; until it has, an upload is
    // refused and withdrawn as above, so the seller may simply try again.
    await expect
      .poll(
        async () =>
          (await seller.client.upload(seller.cookie, [photo('toys-football.jpg')])).statusCode,
        { timeout: 10_000 },
      )
      .toBe(202);
    await h.generationIdle();
  });
});
