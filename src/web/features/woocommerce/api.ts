/**
 * The WooCommerce feature's calls (routes listed in src/domain/api/woocommerce.ts), each reply
 * parsed with its contract there.
 */
import { z } from 'zod';
import {
  WOO_MESSAGES,
  wooConnectReplySchema,
  wooPublishReplySchema,
  wooSandboxAdminReplySchema,
  wooSandboxApproveReplySchema,
  type wooSandboxApproveRequestSchema,
  wooStoresReplySchema,
  type WooPublishReply,
  type WooPublishRequest,
} from '#domain/api/woocommerce';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import { apiFetch } from '#web/lib/api-client';

export const wooApi = {
  connect(storeUrl: string) {
    return apiFetch('/api/woocommerce/connect', wooConnectReplySchema, {
      method: 'POST',
      body: { storeUrl },
      fallbackMessage: WOO_MESSAGES.connectFailed,
    });
  },

  stores() {
    return apiFetch('/api/woocommerce/stores', wooStoresReplySchema, {
      fallbackMessage: 'Failed to load your WooCommerce stores',
    });
  },

  disconnect(storeId: string) {
    return apiFetch(
      `/api/woocommerce/stores/${encodeURIComponent(storeId)}`,
      wooStoresReplySchema,
      {
        method: 'DELETE',
        fallbackMessage: 'Failed to disconnect the store. Please try again.',
      },
    );
  },

  publishProduct(request: WooPublishRequest): Promise<WooPublishReply> {
    return apiFetch('/api/woocommerce/publish-product', wooPublishReplySchema, {
      method: 'POST',
      body: request,
      // Rate limits are waited out and the store downloads the photos in the call: give it time.
      timeoutMs: 3 * 60_000,
      fallbackMessage: PUBLISH_MESSAGES.failed,
    });
  },

  sandboxApprove(request: z.infer<typeof wooSandboxApproveRequestSchema>) {
    return apiFetch('/api/woocommerce/sandbox/approve', wooSandboxApproveReplySchema, {
      method: 'POST',
      body: request,
      fallbackMessage: WOO_MESSAGES.connectFailed,
    });
  },

  sandboxProducts(storeUrl: string) {
    return apiFetch(
      `/api/woocommerce/sandbox/products?${new URLSearchParams({ store: storeUrl }).toString()}`,
      wooSandboxAdminReplySchema,
      { fallbackMessage: 'Failed to load the sandbox store’s products' },
    );
  },
};
