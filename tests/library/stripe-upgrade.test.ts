import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckout } from '../billing/support.js';
import { deliver, STRIPE_PRICES, stripeEnv } from '../billing/stripe-support.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import { account, listProducts, photo, uploadOk } from '../products/support.js';
import { libraryPage, libraryRequest } from './support.js';

describe('library through Stripe: the webhook that makes a seller premium saves the drafts', () => {
  let fake: FakeStripe;
  let h: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    h = await startTestApp({ env: stripeEnv(fake) });
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  it('saves the review drafts once premium is confirmed, and keeps the library read-only after', async () => {
    const seller = await account(h, 'stripe-library');
    await uploadOk(seller, [photo('home-mug-black-yellow.jpg')]);
    await h.generationIdle();
    const [draft] = await listProducts(seller);
    expect(draft!.status).toBe('draft');

    const started = await startCheckout(seller, { priceId: STRIPE_PRICES.premium });
    expect(started.statusCode, started.body).toBe(200);
    const session = fake.completeCheckout((started.json() as { sessionId: string }).sessionId);
    const subscriptionId = session.subscription as string;
    // Not paid yet as far as we know: nothing moved.
    expect((await libraryRequest(seller)).statusCode).toBe(403);

    const paid = await deliver(h, fake, 'invoice.paid', fake.invoiceFor(subscriptionId));
    expect(paid.response.statusCode).toBe(200);
    expect(await listProducts(seller)).toEqual([]);
    const library = await libraryPage(seller);
    expect(library.products).toMatchObject([{ id: draft!.id, status: 'saved' }]);
    // The completed checkout arriving after changes nothing more.
    await deliver(h, fake, 'checkout.session.completed', session);
    expect((await libraryPage(seller)).total).toBe(1);

    fake.setStatus(subscriptionId, 'canceled');
    const deleted = await deliver(
      h,
      fake,
      'customer.subscription.deleted',
      fake.subscriptions.get(subscriptionId)!,
    );
    expect(deleted.response.statusCode).toBe(200);
    expect((await libraryPage(seller)).access).toMatchObject({ mode: 'read-only' });
  });
});
