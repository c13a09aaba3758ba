import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_STREAMS_PER_USER,
  TOO_MANY_STREAMS_MESSAGE,
  TOO_MANY_USER_STREAMS_MESSAGE,
} from '#server/drafting/event-routes.js';
import { connectEvents as connect } from '../support/event-client.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, photo, uploadOk } from './support.js';

describe('product events (SSE)', () => {
  let h: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    h = await startTestApp({ sseHeartbeatMs: 100 });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // Streams still open here must not keep close() waiting.
    await h?.close();
  });

  it('answers 401 without a session', async () => {
    const client = await connect(baseUrl);
    expect(client.status).toBe(401);
    client.close();
  });

  it('streams the user’s own product events and never another user’s', async () => {
    const alice = await account(h, 'alice');
    const bob = await account(h, 'bob');
    const aliceStream = await connect(baseUrl, alice.cookie);
    const bobStream = await connect(baseUrl, bob.cookie);
    expect(aliceStream.status).toBe(200);
    expect(aliceStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(aliceStream.headers['cache-control']).toBe('no-store');
    expect(aliceStream.headers['x-accel-buffering']).toBe('no');
    // helmet's headers survive the hijacked reply.
    expect(aliceStream.headers['x-content-type-options']).toBe('nosniff');
    await expect.poll(() => h.catalog.events.subscriberCount(alice.id)).toBe(1);

    const { results } = await uploadOk(alice, [photo('home-mug-stoneware.jpg')]);
    const id = results[0]!.id;
    await expect
      .poll(() =>
        aliceStream.events.some(
          (e) =>
            e.type === 'product' && e.product.id === id && e.product.generation.state === 'ready',
        ),
      )
      .toBe(true);
    const states = aliceStream.events
      .filter((e) => e.type === 'product' && e.product.id === id)
      .map((e) => (e.type === 'product' ? e.product.generation.state : ''));
    expect(states).toEqual(['pending', 'ready']);

    // An edit in one tab reaches the other; so does a delete.
    await alice.client.request({
      method: 'PATCH',
      url: `/api/product/${id}`,
      payload: { title: 'Edited in tab one' },
      cookie: alice.cookie,
    });
    await expect
      .poll(() =>
        aliceStream.events.some(
          (e) => e.type === 'product' && e.product.title === 'Edited in tab one',
        ),
      )
      .toBe(true);
    await alice.client.request({
      method: 'DELETE',
      url: `/api/product/${id}`,
      cookie: alice.cookie,
    });
    await expect
      .poll(() => aliceStream.events.some((e) => e.type === 'product-deleted' && e.id === id))
      .toBe(true);

    // Bob's own upload reaches Bob; nothing of Alice's ever did.
    const bobUpload = await uploadOk(bob, [photo('toys-football.jpg')]);
    await h.generationIdle();
    await expect
      .poll(() =>
        bobStream.events.some(
          (e) => e.type === 'product' && e.product.id === bobUpload.results[0]!.id,
        ),
      )
      .toBe(true);
    expect(bobStream.text()).not.toContain(id);
    expect(aliceStream.text()).not.toContain(bobUpload.results[0]!.id);

    // Heartbeat comments keep the connection alive.
    await expect.poll(() => aliceStream.text().includes(': heartbeat\n\n')).toBe(true);

    aliceStream.close();
    bobStream.close();
    await expect.poll(() => h.catalog.events.subscriberCount(alice.id)).toBe(0);
    await expect.poll(() => h.catalog.events.subscriberCount(bob.id)).toBe(0);
  });

  it('holds at most 10 streams per user, answering 429 beyond, and frees a closed stream’s slot', async () => {
    const dave = await account(h, 'dave');
    const streams = await Promise.all(
      Array.from({ length: EVENT_STREAMS_PER_USER }, () => connect(baseUrl, dave.cookie)),
    );
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

    const refused = await connect(baseUrl, dave.cookie);
    expect(refused.status).toBe(429);
    await expect.poll(() => refused.text()).toContain(TOO_MANY_USER_STREAMS_MESSAGE);
    refused.close();
    expect(h.catalog.events.subscriberCount(dave.id)).toBe(EVENT_STREAMS_PER_USER);

    // Another user is not held back by Dave's streams.
    const erin = await account(h, 'erin');
    const erinStream = await connect(baseUrl, erin.cookie);
    expect(erinStream.status).toBe(200);
    erinStream.close();

    streams[0]!.close();
    await expect.poll(() => h.catalog.events.subscriberCount(dave.id)).toBe(9);
    const again = await connect(baseUrl, dave.cookie);
    expect(again.status).toBe(200);
    for (const stream of [again, ...streams]) stream.close();
    await expect.poll(() => h.catalog.events.subscriberCount(dave.id)).toBe(0);
  });

  it('leaves a stream open for app.close() to end', async () => {
    const carol = await account(h, 'carol');
    const stream = await connect(baseUrl, carol.cookie);
    expect(stream.status).toBe(200);
    await expect.poll(() => h.catalog.events.subscriberCount(carol.id)).toBe(1);
  });
});

describe('product events: the process-wide cap', () => {
  let h: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    h = await startTestApp({ env: { MAX_EVENT_STREAMS: '3' } });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 429 once MAX_EVENT_STREAMS are open, whoever holds them', async () => {
    const a = await account(h, 'cap-a');
    const b = await account(h, 'cap-b');
    const held = [
      await connect(baseUrl, a.cookie),
      await connect(baseUrl, a.cookie),
      await connect(baseUrl, b.cookie),
    ];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    const refused = await connect(baseUrl, b.cookie);
    expect(refused.status).toBe(429);
    await expect.poll(() => refused.text()).toContain(TOO_MANY_STREAMS_MESSAGE);
    refused.close();

    held[0]!.close();
    await expect.poll(() => h.catalog.events.subscriberCount(a.id)).toBe(1);
    const again = await connect(baseUrl, b.cookie);
    expect(again.status).toBe(200);
    for (const stream of [again, ...held]) stream.close();
  });
});
