import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, type Account } from '../products/support.js';
import { startFakeShopify, type FakeShopify } from '../support/fake-shopify.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { followCallback, startConnect, storeRows } from './support.js';

describe('Shopify webhooks', () => {
  let fake: FakeShopify;
  let h: TestApp;
  beforeAll(async () => {
    fake = await startFakeShopify();
    h = await startTestApp({ env: fake.env });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function connect(a: Account, shop: string) {
    const { authorizeUrl } = await startConnect(a, shop);
    expect(await followCallback(a, await fake.approve(authorizeUrl))).toBe(
      `/create?shop_connected=${shop}`,
    );
  }

  function deliver(delivery: { headers: Record<string, string>; payload: string }) {
    // Shopify's servers: no browser, no session, no Origin.
    return h.client().request({
      method: 'POST',
      url: '/api/shopify/webhooks',
      headers: delivery.headers,
      payload: delivery.payload,
      origin: null,
    });
  }

  it('refuses a wrong or missing signature with 401 and changes nothing', async () => {
    const a = await account(h, 'forged');
    await connect(a, 'kept.myshopify.com');
    const forged = fake.webhook('app/uninstalled', 'kept.myshopify.com', {}, { secret: 'guess' });
    expect((await deliver(forged)).statusCode).toBe(401);
    const unsigned = fake.webhook('app/uninstalled', 'kept.myshopify.com', {});
    delete unsigned.headers['x-shopify-hmac-sha256'];
    expect((await deliver(unsigned)).statusCode).toBe(401);
    const tampered = fake.webhook('app/uninstalled', 'kept.myshopify.com', { a: 1 });
    tampered.payload = JSON.stringify({ a: 2 });
    expect((await deliver(tampered)).statusCode).toBe(401);
    expect(await storeRows(h, a.id)).toHaveLength(1);
  });

  it('app/uninstalled forgets the shop for every user, once per event id', async () => {
    const a = await account(h, 'uninstall-a');
    const b = await account(h, 'uninstall-b');
    const other = await account(h, 'uninstall-other');
    await connect(a, 'leaving.myshopify.com');
    await connect(b, 'leaving.myshopify.com');
    await connect(other, 'staying.myshopify.com');

    const delivery = fake.webhook(
      'app/uninstalled',
      'leaving.myshopify.com',
      { id: 1, domain: 'leaving.myshopify.com' },
      { eventId: 'evt-uninstall-1' },
    );
    const response = await deliver(delivery);
    expect(response.statusCode, response.body).toBe(200);
    expect(await storeRows(h, a.id)).toEqual([]);
    expect(await storeRows(h, b.id)).toEqual([]);
    expect(await storeRows(h, other.id)).toHaveLength(1);

    // The seller connects again; Shopify's retry of the old event must not undo that.
    await connect(a, 'leaving.myshopify.com');
    expect((await deliver(delivery)).statusCode).toBe(200);
    expect(await storeRows(h, a.id)).toHaveLength(1);
    const events = await h.db
      .selectFrom('processedEvents')
      .selectAll()
      .where('provider', '=', 'shopify')
      .execute();
    expect(events.map((e) => [e.id, e.type])).toContainEqual([
      'shopify:evt-uninstall-1',
      'app/uninstalled',
    ]);
  });

  it('answers the compliance topics; shop/redact erases the shop', async () => {
    const a = await account(h, 'redact');
    await connect(a, 'redacted.myshopify.com');
    const customer = { shop_domain: 'redacted.myshopify.com', customer: { id: 1 } };
    for (const topic of ['customers/data_request', 'customers/redact']) {
      const response = await deliver(fake.webhook(topic, 'redacted.myshopify.com', customer));
      expect(response.statusCode, topic).toBe(200);
    }
    expect(await storeRows(h, a.id)).toHaveLength(1);
    const redact = fake.webhook('shop/redact', 'redacted.myshopify.com', {
      shop_domain: 'redacted.myshopify.com',
    });
    expect((await deliver(redact)).statusCode).toBe(200);
    expect(await storeRows(h, a.id)).toEqual([]);
  });

  it('a signed delivery without a valid shop domain is a 400', async () => {
    const delivery = fake.webhook('app/uninstalled', 'evil.com', {});
    expect((await deliver(delivery)).statusCode).toBe(400);
  });
});
