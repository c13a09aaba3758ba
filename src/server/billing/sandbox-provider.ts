/**
 * The embedded payment provider: checkouts are paid on Listsmith's own test-mode page
 * (`sandboxCheckoutPath`), so no account or network is needed. Nothing here takes money.
 */
import { randomBytes } from 'node:crypto';
import { SANDBOX_PRICE_IDS, sandboxCheckoutPath } from '#domain/billing.js';
import type { SandboxPaymentProvider } from './payment-provider.js';

/** Unguessable, like Stripe's ids: the session id is all the sandbox page needs. */
function sandboxId(prefix: string): string {
  return `${prefix}_sandbox_${randomBytes(16).toString('base64url')}`;
}

export function createSandboxProvider(): SandboxPaymentProvider {
  return {
    name: 'sandbox',
    priceIds: SANDBOX_PRICE_IDS,
    async createCheckout() {
      const id = sandboxId('cs');
      return { id, url: sandboxCheckoutPath(id) };
    },
    newSubscriptionId: () => sandboxId('sub'),
  };
}
