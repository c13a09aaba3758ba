/**
 * Shopify's webhooks: `app/uninstalled` and the three mandatory compliance topics (reference
 * stores.md §3.9). Each delivery is verified by the caller (webhook-routes.ts), then applied once
 * per `X-Shopify-Event-Id` however often Shopify retries it.
 */
import type { ShopifyRepository } from './shopify-repository.js';

export interface WebhookDelivery {
  topic: string;
  shopDomain: string;
  /** X-Shopify-Event-Id; null when Shopify sent none (then it cannot be deduplicated). */
  eventId: string | null;
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export function createWebhookService(deps: {
  repository: ShopifyRepository;
  now: () => Date;
  log: { info(details: object, message: string): void };
}) {
  const { repository, now, log } = deps;

  async function apply({ topic, shopDomain }: WebhookDelivery): Promise<WebhookOutcome> {
    switch (topic) {
      case 'app/uninstalled':
      case 'shop/redact': {
        // Uninstalled: the tokens are dead. Redact (48 h after): nothing of the shop may remain.
        const removed = await repository.deleteStoresOfShop(shopDomain);
        log.info({ topic, shop: shopDomain, removed }, 'shopify store forgotten');
        return 'applied';
      }
      case 'customers/data_request':
      case 'customers/redact':
        // Listsmith stores no data about a shop's customers: nothing to send or erase.
        log.info({ topic, shop: shopDomain }, 'shopify compliance request: no customer data held');
        return 'applied';
      default:
        return 'ignored';
    }
  }

  return {
    async receive(delivery: WebhookDelivery): Promise<WebhookOutcome> {
      if (delivery.eventId !== null) {
        const first = await repository.claimEvent(delivery.eventId, delivery.topic, now());
        if (!first) return 'duplicate';
        try {
          return await apply(delivery);
        } catch (error) {
          // Not applied: let Shopify's retry do it.
          await repository.releaseEvent(delivery.eventId);
          throw error;
        }
      }
      return apply(delivery);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
