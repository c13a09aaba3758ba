/** Shared by the billing tests: a movable clock, buyers, checkout calls and ledger checks. */
import { expect } from 'vitest';
import { SANDBOX_PRICE_IDS, type BillingItemKey } from '#domain/billing.js';
import { reserveCredits } from '#server/credits/credit-ledger.js';
import { account, type Account } from '../products/support.js';
import type { TestApp } from '../support/harness.js';

export interface TestClock {
  now: () => Date;
  advanceDays(days: number): void;
  set(date: Date): void;
}

export function testClock(start = new Date('2025-01-10T12:00:00.000Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advanceDays(days) {
      current += days * 24 * 60 * 60 * 1000;
    },
    set(date) {
      current = date.getTime();
    },
  };
}

export type Buyer = Account;

export function buyer(h: TestApp, label = 'buyer'): Promise<Buyer> {
  return account(h, label);
}

export function startCheckout(b: Buyer, payload: unknown, extra: { origin?: string } = {}) {
  return b.client.request({
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    payload: payload as Record<string, unknown>,
    cookie: b.cookie,
    ...extra,
  });
}

/** Starts a sandbox checkout for `item` and returns its session id. */
export async function sandboxSession(b: Buyer, item: BillingItemKey): Promise<string> {
  const response = await startCheckout(b, { priceId: SANDBOX_PRICE_IDS[item] });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { sessionId: string }).sessionId;
}

export function sandboxAction(b: Buyer, id: string, action: 'pay' | 'cancel') {
  return b.client.request({
    method: 'POST',
    url: `/api/billing/sandbox/checkout-sessions/${encodeURIComponent(id)}/${action}`,
    cookie: b.cookie,
  });
}

/** Buys `item` on the sandbox page: start, then Pay; expects success. */
export async function sandboxBuy(b: Buyer, item: BillingItemKey): Promise<string> {
  const id = await sandboxSession(b, item);
  const paid = await sandboxAction(b, id, 'pay');
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

export function subscriptionOf(b: Buyer) {
  return b.client.request({ url: '/api/billing/subscription', cookie: b.cookie });
}

export function subscriptionAction(b: Buyer, action: 'cancel' | 'resume') {
  return b.client.request({
    method: 'POST',
    url: `/api/billing/subscription/${action}`,
    cookie: b.cookie,
  });
}

export async function balanceOf(h: TestApp, userId: string) {
  const user = await h.db
    .selectFrom('users')
    .select(['subscriptionCredits', 'fixedCredits', 'planName'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    planName: user.planName,
    subscriptionCredits: Number(user.subscriptionCredits),
    fixedCredits: Number(user.fixedCredits),
  };
}

export async function ledgerOf(h: TestApp, userId: string) {
  const rows = await h.db
    .selectFrom('creditLedger')
    .select(['reason', 'subscriptionDelta', 'fixedDelta', 'reference'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    reason: row.reason,
    subscriptionDelta: Number(row.subscriptionDelta),
    fixedDelta: Number(row.fixedDelta),
    reference: row.reference,
  }));
}

/** The invariant every sequence keeps: each balance equals its bucket's ledger sum. */
export async function expectBalanceMatchesLedger(h: TestApp, userId: string): Promise<void> {
  const ledger = await ledgerOf(h, userId);
  const { subscriptionCredits, fixedCredits } = await balanceOf(h, userId);
  expect({ subscriptionCredits, fixedCredits }).toEqual({
    subscriptionCredits: ledger.reduce((sum, row) => sum + row.subscriptionDelta, 0),
    fixedCredits: ledger.reduce((sum, row) => sum + row.fixedDelta, 0),
  });
}

/** Spends credits the way an upload does (the same ledger path), without photos. */
export async function spendCredits(h: TestApp, userId: string, count: number): Promise<void> {
  await h.db.transaction().execute(async (trx) => {
    const reservation = await reserveCredits(trx, h.database.kind, userId, count);
    expect(reservation.ok).toBe(true);
  });
}
