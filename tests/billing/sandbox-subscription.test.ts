import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStateSchema } from '#domain/billing.js';
import { startTestApp, type TestApp } from '../support/harness.js';
import {
  balanceOf,
  buyer,
  expectBalanceMatchesLedger,
  ledgerOf,
  sandboxAction,
  sandboxBuy,
  sandboxSession,
  spendCredits,
  startCheckout,
  subscriptionAction,
  subscriptionOf,
  testClock,
  type Buyer,
} from './support.js';
import { SANDBOX_PRICE_IDS } from '#domain/billing.js';

const clock = testClock();

async function stateOf(b: Buyer) {
  const response = await subscriptionOf(b);
  expect(response.statusCode, response.body).toBe(200);
  return subscriptionStateSchema.parse(response.json());
}

describe('sandbox premium', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await startTestApp({ now: clock.now });
  });
  afterAll(async () => {
    await h?.close();
  });

  async function premiumEndedAt(userId: string): Promise<string | null> {
    const row = await h.db
      .selectFrom('users')
      .select('premiumEndedAt')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.premiumEndedAt === null ? null : new Date(row.premiumEndedAt).toISOString();
  }

  it('upgrading makes the user premium with 50 subscription credits for one month', async () => {
    clock.set(new Date('2025-01-10T12:00:00.000Z'));
    const b = await buyer(h, 'upgrade');
    expect(await stateOf(b)).toEqual({
      plan: 'free',
      status: null,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
      fixedCredits: 3,
      subscriptionCredits: 0,
    });
    const id = await sandboxBuy(b, 'premium');
    expect(await stateOf(b)).toEqual({
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2025-02-10T12:00:00.000Z',
      fixedCredits: 3,
      subscriptionCredits: 50,
    });
    expect((await b.client.profile(b.cookie)).json()).toMatchObject({
      planName: 'Premium',
      subscriptionCredits: 50,
      fixedCredits: 3,
    });
    const [row] = await h.rows('checkoutSessions', 'id', id);
    expect(row).toMatchObject({ status: 'complete' });
    // Premium again while premium: refused, nothing stored.
    const again = await startCheckout(b, { priceId: SANDBOX_PRICE_IDS.premium });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'You already have Premium.' });
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('a second premium checkout paid after the first is refused and grants nothing', async () => {
    clock.set(new Date('2025-01-10T12:00:00.000Z'));
    const b = await buyer(h, 'two-tabs');
    const first = await sandboxSession(b, 'premium');
    const second = await sandboxSession(b, 'premium');
    expect((await sandboxAction(b, first, 'pay')).statusCode).toBe(200);
    const late = await sandboxAction(b, second, 'pay');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'already-premium' });
    expect(await balanceOf(h, b.id)).toMatchObject({ subscriptionCredits: 50, fixedCredits: 3 });
    expect((await ledgerOf(h, b.id)).filter((r) => r.reason === 'renewal')).toHaveLength(1);
  });

  it('a renewal resets subscription credits to 50 (not 50 + what was left)', async () => {
    clock.set(new Date('2025-03-05T09:00:00.000Z'));
    const b = await buyer(h, 'renewal');
    await sandboxBuy(b, 'premium');
    await sandboxBuy(b, 'pack-10');
    await spendCredits(h, b.id, 20);
    expect(await balanceOf(h, b.id)).toMatchObject({ subscriptionCredits: 30, fixedCredits: 13 });

    clock.set(new Date('2025-04-05T08:59:59.000Z'));
    expect((await stateOf(b)).subscriptionCredits).toBe(30);
    clock.set(new Date('2025-04-05T09:00:00.000Z'));
    expect(await stateOf(b)).toMatchObject({
      plan: 'premium',
      status: 'active',
      currentPeriodEnd: '2025-05-05T09:00:00.000Z',
      subscriptionCredits: 50,
      fixedCredits: 13,
    });
    // The sweep over all users has nothing more to do for this user's period.
    await h.billing.runDueSandboxPeriods(clock.now());
    expect((await stateOf(b)).subscriptionCredits).toBe(50);
    const renewals = (await ledgerOf(h, b.id)).filter((r) => r.reason === 'renewal');
    expect(renewals.map((r) => r.subscriptionDelta)).toEqual([50, 20]);
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('the interval sweep renews due periods of every user, each once, even run concurrently', async () => {
    clock.set(new Date('2025-06-01T00:00:00.000Z'));
    const users = [await buyer(h, 'sweep-a'), await buyer(h, 'sweep-b')];
    for (const b of users) {
      await sandboxBuy(b, 'premium');
      await spendCredits(h, b.id, 7);
    }
    clock.set(new Date('2025-07-01T00:00:00.000Z'));
    await Promise.all([
      h.billing.runDueSandboxPeriods(clock.now()),
      h.billing.runDueSandboxPeriods(clock.now()),
    ]);
    for (const b of users) {
      expect(await balanceOf(h, b.id)).toMatchObject({ subscriptionCredits: 50 });
      expect((await ledgerOf(h, b.id)).filter((r) => r.reason === 'renewal')).toHaveLength(2);
      await expectBalanceMatchesLedger(h, b.id);
    }
  });

  it('cancel keeps premium until the period ends; then free, subscription 0, purchased kept', async () => {
    clock.set(new Date('2025-01-31T10:00:00.000Z'));
    const b = await buyer(h, 'cancel');
    await sandboxBuy(b, 'pack-25');
    await sandboxBuy(b, 'premium');
    await spendCredits(h, b.id, 5);

    const canceled = await subscriptionAction(b, 'cancel');
    expect(canceled.statusCode).toBe(200);
    expect(subscriptionStateSchema.parse(canceled.json())).toEqual({
      plan: 'premium',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2025-02-28T10:00:00.000Z',
      fixedCredits: 28,
      subscriptionCredits: 45,
    });
    clock.set(new Date('2025-02-28T09:00:00.000Z'));
    expect((await stateOf(b)).plan).toBe('premium');

    clock.set(new Date('2025-02-28T10:00:00.000Z'));
    // The profile sees the end too (it settles due periods before answering).
    expect((await b.client.profile(b.cookie)).json()).toMatchObject({
      planName: 'Free',
      subscriptionCredits: 0,
      fixedCredits: 28,
    });
    expect(await stateOf(b)).toEqual({
      plan: 'free',
      status: 'canceled',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2025-02-28T10:00:00.000Z',
      fixedCredits: 28,
      subscriptionCredits: 0,
    });
    // The library's read-only month counts from here.
    expect(await premiumEndedAt(b.id)).toBe('2025-02-28T10:00:00.000Z');
    const ledger = await ledgerOf(h, b.id);
    expect(ledger.at(-1)).toMatchObject({
      reason: 'premium-ended',
      subscriptionDelta: -45,
      fixedDelta: 0,
    });
    // Nothing more happens later; cancelling again is refused.
    clock.set(new Date('2025-05-01T00:00:00.000Z'));
    expect((await stateOf(b)).subscriptionCredits).toBe(0);
    expect(await ledgerOf(h, b.id)).toHaveLength(ledger.length);
    const again = await subscriptionAction(b, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'You do not have an active Premium subscription.' });

    // A pack bought after premium ended is usable, and premium can be bought again.
    await sandboxBuy(b, 'pack-10');
    await spendCredits(h, b.id, 30);
    expect(await balanceOf(h, b.id)).toMatchObject({ fixedCredits: 8, subscriptionCredits: 0 });
    await sandboxBuy(b, 'premium');
    expect(await stateOf(b)).toMatchObject({ plan: 'premium', subscriptionCredits: 50 });
    expect(await premiumEndedAt(b.id)).toBeNull();
    await expectBalanceMatchesLedger(h, b.id);
  });

  it('resume undoes a pending cancel: the period renews as usual', async () => {
    clock.set(new Date('2025-08-15T00:00:00.000Z'));
    const b = await buyer(h, 'resume');
    await sandboxBuy(b, 'premium');
    expect((await subscriptionAction(b, 'cancel')).json()).toMatchObject({
      cancelAtPeriodEnd: true,
    });
    const resumed = await subscriptionAction(b, 'resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
    await spendCredits(h, b.id, 10);
    clock.set(new Date('2025-09-15T00:00:00.000Z'));
    expect(await stateOf(b)).toMatchObject({
      plan: 'premium',
      status: 'active',
      subscriptionCredits: 50,
      currentPeriodEnd: '2025-10-15T00:00:00.000Z',
    });
  });

  it('cancel and resume are refused to free users', async () => {
    const b = await buyer(h, 'free');
    for (const action of ['cancel', 'resume'] as const) {
      const response = await subscriptionAction(b, action);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'You do not have an active Premium subscription.' });
    }
  });
});
