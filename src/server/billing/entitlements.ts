/**
 * What a confirmed payment or an ended period does to a user, inside the caller's transaction:
 * plan, balance and ledger change together. Each grant carries a ledger reference, so running
 * the same step twice (a redelivered webhook, two tabs, the success page racing the webhook)
 * changes the balance once.
 */
import type { Kysely } from 'kysely';
import {
  packGrant,
  premiumEndDelta,
  premiumEndReference,
  renewalDelta,
  renewalReference,
} from '#domain/billing-rules.js';
import { lockedBalance, writeCreditChange } from '../credits/credit-ledger.js';
import type { DatabaseKind } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import type { BillingRepository } from './billing-repository.js';

export interface EntitlementContext {
  trx: Kysely<Database>;
  kind: DatabaseKind;
  repository: BillingRepository;
  at: Date;
}

/** Purchased credits for one paid checkout, keyed by the checkout id. */
export async function grantPack(
  { trx, at }: EntitlementContext,
  grant: { userId: string; credits: number; checkoutId: string },
): Promise<boolean> {
  return writeCreditChange(trx, {
    userId: grant.userId,
    delta: packGrant(grant.credits),
    reason: 'pack-purchase',
    reference: grant.checkoutId,
    at,
  });
}

/**
 * A paid premium period: plan premium and subscription credits reset to 50, once per
 * `<subscription>:<period end>` however many confirmations of that period arrive.
 */
export async function startPremiumPeriod(
  { trx, kind, repository, at }: EntitlementContext,
  period: { userId: string; subscriptionId: string; periodEnd: Date },
): Promise<boolean> {
  const balance = await lockedBalance(trx, kind, period.userId);
  if (!balance) return false;
  await repository.setPlan(trx, period.userId, 'premium', at);
  return writeCreditChange(trx, {
    userId: period.userId,
    delta: renewalDelta(balance),
    reason: 'renewal',
    reference: renewalReference(period.subscriptionId, period.periodEnd),
    at,
  });
}

/** Premium is over: plan free, subscription credits to 0 (purchased ones stay), once. */
export async function endPremium(
  { trx, kind, repository, at }: EntitlementContext,
  ended: { userId: string; subscriptionId: string },
): Promise<void> {
  const balance = await lockedBalance(trx, kind, ended.userId);
  // A subscription that never became premium (first payment never made) takes nothing away.
  if (!balance || balance.planName !== 'premium') return;
  await repository.setPlan(trx, ended.userId, 'free', at);
  await writeCreditChange(trx, {
    userId: ended.userId,
    delta: premiumEndDelta(balance),
    reason: 'premium-ended',
    reference: premiumEndReference(ended.subscriptionId),
    at,
  });
}
