/**
 * The Shopify feature's calls (routes listed in src/domain/api/shopify.ts), each reply parsed
 * with its contract there: the OAuth state, disconnect, the sandbox store's Install, publishing a
 * product, and the sandbox store's admin list.
 */
import {
  connectedStoresReplySchema,
  OAUTH_INITIATE_FAILED_MESSAGE,
  OAUTH_STATE_FAILED_MESSAGE,
  oauthStateReplySchema,
  PUBLISH_MESSAGES,
  publishProductReplySchema,
  sandboxAdminReplySchema,
  sandboxAuthorizeReplySchema,
  type PublishProductReply,
  type PublishProductRequest,
} from '#domain/api/shopify';
import { apiFetch } from '#web/lib/api-client';

export const shopifyApi = {
  /** A single-use state for `shop`, and the store's consent page to send the browser to. */
  oauthState(shop: string) {
    return apiFetch('/api/shopify/oauth-state', oauthStateReplySchema, {
      method: 'POST',
      body: { shop },
      fallbackMessage: OAUTH_STATE_FAILED_MESSAGE,
    });
  },

  disconnectStore(storeId: string) {
    return apiFetch(
      `/api/shopify/stores/${encodeURIComponent(storeId)}`,
      connectedStoresReplySchema,
      { method: 'DELETE', fallbackMessage: 'Failed to disconnect the store. Please try again.' },
    );
  },

  /** Install on the sandbox store's consent page; the reply is the signed callback address. */
  sandboxAuthorize(request: { shop: string; state: string; redirectUri: string }) {
    return apiFetch('/api/shopify/sandbox/authorize', sandboxAuthorizeReplySchema, {
      method: 'POST',
      body: request,
      fallbackMessage: OAUTH_INITIATE_FAILED_MESSAGE,
    });
  },

  /** One product to one store (the dialog sends them one at a time). */
  publishProduct(request: PublishProductRequest): Promise<PublishProductReply> {
    return apiFetch('/api/shopify/publish-product', publishProductReplySchema, {
      method: 'POST',
      body: request,
      // Shopify's rate limits are waited out on the server: give it time.
      timeoutMs: 2 * 60_000,
      fallbackMessage: PUBLISH_MESSAGES.failed,
    });
  },

  /** What the sandbox store holds, for its test-mode admin page. */
  sandboxAdminProducts(shop: string) {
    return apiFetch(
      `/api/shopify/sandbox/stores/${encodeURIComponent(shop)}/products`,
      sandboxAdminReplySchema,
      { fallbackMessage: 'Failed to load the sandbox store’s products' },
    );
  },
};
