/**
 * Pay on the sandbox checkout page: the sandbox provider's confirmation. It fulfils exactly once:
 * the user's row is locked first, the session moves open → complete in the same transaction as
 * the grant, and the grant's ledger reference is the session id.
 */
import { BILLING_ITEMS, billingItemKeySchema } from '#domain/billing.js';
import { addOneMonth } from '#domain/billing-rules.js';
import { lockedBalance } from '../credits/credit-ledger.js';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import type { BillingRepository } from './billing-repository.js';
import { grantPack, startPremiumPeriod, type LibraryOnPlanChange } from './entitlements.js';
import type { CheckoutPage } from './payment-provider.js';

export const ALREADY_PREMIUM_MESSAGE = 'You already have Premium.';
export const CHECKOUT_NOT_FOUND_MESSAGE = 'Checkout session not found.';
export const CHECKOUT_EXPIRED_MESSAGE = 'This checkout has expired. Please start a new one.';

type PayOutcome = 'missing' | 'expired' | 'already-premium' | 'paid';

export interface SandboxCheckoutDeps {
  database: DatabaseHandle;
  repository: BillingRepository;
  library: LibraryOnPlanChange;
  now: () => Date;
  /** A new subscription id for a premium purchase paid on the page. */
  newSubscriptionId: () => string;
}

export function createSandboxCheckout(deps: SandboxCheckoutDeps): CheckoutPage {
  const { database, repository, now } = deps;

  return {
    async pay(userId, id) {
      const outcome = await database.db.transaction().execute(async (trx): Promise<PayOutcome> => {
        const at = now();
        const balance = await lockedBalance(trx, database.kind, userId);
        const row = await repository.findCheckoutSession(id, trx);
        if (!balance || !row || row.userId !== userId) return 'missing';
        if (row.status === 'complete') return 'paid';
        if (row.status === 'expired') return 'expired';
        const item = BILLING_ITEMS[billingItemKeySchema.parse(row.itemKey)];
        if (item.kind === 'premium' && balance.planName === 'premium') {
          // Bought premium in another tab meanwhile: this checkout can no longer be paid.
          await trx
            .updateTable('checkoutSessions')
            .set({ status: 'expired' })
            .where('id', '=', id)
            .execute();
          return 'already-premium';
        }
        if (!(await repository.completeCheckoutSession(trx, id, at))) return 'paid';
        const context = { trx, kind: database.kind, repository, library: deps.library, at };
        if (item.kind === 'pack') {
          await grantPack(context, { userId, credits: item.credits, checkoutId: id });
          return 'paid';
        }
        const subscriptionId = deps.newSubscriptionId();
        const periodEnd = addOneMonth(at);
        await repository.saveAccount(
          trx,
          {
            userId,
            provider: 'sandbox',
            customerId: null,
            subscriptionId,
            status: 'active',
            cancelAtPeriodEnd: false,
            currentPeriodEnd: periodEnd,
          },
          at,
        );
        await startPremiumPeriod(context, { userId, subscriptionId, periodEnd });
        return 'paid';
      });
      if (outcome === 'missing') throw new HttpError(404, CHECKOUT_NOT_FOUND_MESSAGE);
      if (outcome === 'expired') {
        throw new HttpError(409, CHECKOUT_EXPIRED_MESSAGE, 'checkout-expired');
      }
      if (outcome === 'already-premium') {
        throw new HttpError(409, ALREADY_PREMIUM_MESSAGE, 'already-premium');
      }
      return (await repository.findCheckoutSession(id))!;
    },
  };
}
