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

/**
 * What a plan change does to the seller's library, inside the same transaction. The library
 * capability provides it and the composition root hands it in (billing does not import the
 * library; ADR 019).
 */
export interface LibraryOnPlanChange {
  /** Premium began: the review drafts are saved, a read-only library is editable again. */
  premiumStarted(trx: Kysely<Database>, userId: string, at: Date): Promise<void>;
  /** Premium ended: the library is kept read-only, then deleted. */
  premiumEnded(trx: Kysely<Database>, userId: string, at: Date): Promise<void>;
}

export interface EntitlementContext {
  trx: Kysely<Database>;
  kind: DatabaseKind;
  repository: BillingRepository;
  library: LibraryOnPlanChange;
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
 * A paid premium period: plan premium (the review drafts saved to the library when the plan
 * changes) and subscription credits reset to 50, once per
 * `<subscription>:<period end>` however many confirmations of that period arrive.
 */
export async function startPremiumPeriod(
  { trx, kind, repository, library, at }: EntitlementContext,
  period: { userId: string; subscriptionId: string; periodEnd: Date },
): Promise<boolean> {
  const balance = await lockedBalance(trx, kind, period.userId);
  if (!balance) return false;
  // Becoming premium saves the seller's review drafts to their new library (issue 14).
  // A library kept read-only since an earlier premium is the seller's to edit again.
  if (balance.planName !== 'premium') {
    await library.premiumStarted(trx, period.userId, at);
  }
  await repository.setPlan(trx, period.userId, 'premium');
  return writeCreditChange(trx, {
    userId: period.userId,
    delta: renewalDelta(balance),
    reason: 'renewal',
    reference: renewalReference(period.subscriptionId, period.periodEnd),
    at,
  });
}

/**
 * Premium is over: plan free, subscription credits to 0 (purchased ones stay), the library kept
 * read-only for 30 days, once.
 */
export async function endPremium(
  { trx, kind, repository, library, at }: EntitlementContext,
  ended: { userId: string; subscriptionId: string },
): Promise<void> {
  const balance = await lockedBalance(trx, kind, ended.userId);
  // A subscription that never became premium (first payment never made) takes nothing away.
  if (!balance || balance.planName !== 'premium') return;
  await repository.setPlan(trx, ended.userId, 'free');
  await library.premiumEnded(trx, ended.userId, at);
  await writeCreditChange(trx, {
    userId: ended.userId,
    delta: premiumEndDelta(balance),
    reason: 'premium-ended',
    reference: premiumEndReference(ended.subscriptionId),
    at,
  });
}
