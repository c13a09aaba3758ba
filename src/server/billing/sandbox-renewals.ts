/**
 * The sandbox is its own payment provider, so it also ends billing periods: a due period is
 * renewed (subscription credits reset to 50 for the next month) or, when the user cancelled,
 * premium ends. Stripe does this itself and tells us by webhook.
 */
import { addOneMonth } from '#domain/billing-rules.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { BillingAccount, BillingRepository } from './billing-repository.js';
import { endPremium, startPremiumPeriod, type LibraryOnPlanChange } from './entitlements.js';

export interface SandboxRenewalDeps {
  database: DatabaseHandle;
  repository: BillingRepository;
  library: LibraryOnPlanChange;
  log: { error(details: object, message: string): void };
}

/** Every period due by `now` (for one user, or all), each in its own transaction. */
export function createSandboxRenewals({ database, repository, library, log }: SandboxRenewalDeps) {
  async function settle(account: BillingAccount, now: Date): Promise<void> {
    const from = account.currentPeriodEnd;
    const subscriptionId = account.subscriptionId;
    if (!from || !subscriptionId) return;
    let next = from;
    // A server that was down for months renews once, into the period that contains `now`.
    while (next.getTime() <= now.getTime()) next = addOneMonth(next);
    const ending = account.cancelAtPeriodEnd;
    await database.db.transaction().execute(async (trx) => {
      const claimed = await repository.claimSandboxPeriod(trx, account.userId, from, {
        currentPeriodEnd: ending ? from : next,
        status: ending ? 'canceled' : 'active',
        at: now,
      });
      if (!claimed) return; // another sweep got here first
      const context = { trx, kind: database.kind, repository, library, at: now };
      if (ending) {
        await endPremium(context, { userId: account.userId, subscriptionId });
      } else {
        await startPremiumPeriod(context, {
          userId: account.userId,
          subscriptionId,
          periodEnd: next,
        });
      }
    });
  }

  return {
    async runDueSandboxPeriods(now: Date, userId?: string): Promise<number> {
      const due = await repository.dueSandboxAccounts(now, userId);
      let settled = 0;
      for (const account of due) {
        try {
          await settle(account, now);
          settled += 1;
        } catch (error) {
          log.error({ err: error, userId: account.userId }, 'sandbox period could not be settled');
          if (userId) throw error;
        }
      }
      return settled;
    },
  };
}
