/**
 * The eBay feature's calls (routes listed in src/domain/api/ebay.ts), each reply parsed with its
 * contract there.
 */
import {
  EBAY_MESSAGES,
  ebayAspectsReplySchema,
  ebayConnectionReplySchema,
  ebayConnectReplySchema,
  ebayPublishReplySchema,
  ebaySandboxAuthorizeReplySchema,
  ebaySandboxListingsReplySchema,
  ebaySettingsReplySchema,
  type EbayPublishRequest,
  type EbaySettingsRequest,
} from '#domain/api/ebay';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import { apiFetch } from '#web/lib/api-client';

export const EBAY_CONNECT_FAILED = 'Could not connect your eBay account. Please try again.';

export const ebayApi = {
  connection() {
    return apiFetch('/api/ebay/connection', ebayConnectionReplySchema, {
      fallbackMessage: 'Failed to load your eBay connection',
    });
  },

  connect() {
    return apiFetch('/api/ebay/connect', ebayConnectReplySchema, {
      method: 'POST',
      fallbackMessage: EBAY_CONNECT_FAILED,
    });
  },

  disconnect() {
    return apiFetch('/api/ebay/connection', ebayConnectionReplySchema, {
      method: 'DELETE',
      fallbackMessage: 'Failed to disconnect eBay. Please try again.',
    });
  },

  settings() {
    // Four calls to eBay behind one answer.
    return apiFetch('/api/ebay/settings', ebaySettingsReplySchema, {
      timeoutMs: 60_000,
      fallbackMessage: EBAY_MESSAGES.unavailable,
    });
  },

  chooseSettings(request: EbaySettingsRequest) {
    return apiFetch('/api/ebay/settings', ebaySettingsReplySchema, {
      method: 'PUT',
      body: request,
      timeoutMs: 60_000,
      fallbackMessage: 'Failed to save your eBay settings. Please try again.',
    });
  },

  aspects(productId: string, categoryId: string | null) {
    const query = categoryId ? `?${new URLSearchParams({ categoryId }).toString()}` : '';
    return apiFetch(
      `/api/ebay/products/${encodeURIComponent(productId)}/aspects${query}`,
      ebayAspectsReplySchema,
      { timeoutMs: 60_000, fallbackMessage: 'Failed to load eBay’s item specifics' },
    );
  },

  publishProduct(request: EbayPublishRequest) {
    return apiFetch('/api/ebay/publish-product', ebayPublishReplySchema, {
      method: 'POST',
      body: request,
      // Rate limits are waited out and up to four calls go to eBay: give it time.
      timeoutMs: 3 * 60_000,
      fallbackMessage: PUBLISH_MESSAGES.failed,
    });
  },

  sandboxAuthorize(state: string) {
    return apiFetch('/api/ebay/sandbox/authorize', ebaySandboxAuthorizeReplySchema, {
      method: 'POST',
      body: { state },
      fallbackMessage: EBAY_CONNECT_FAILED,
    });
  },

  sandboxListings() {
    return apiFetch('/api/ebay/sandbox/listings', ebaySandboxListingsReplySchema, {
      fallbackMessage: 'Failed to load the sandbox eBay’s listings',
    });
  },
};
