/**
 * Connecting a Shopify store, as the API sends it (issue 15; spec section 7 'store OAuth state').
 *
 * Routes (need a signed-in session, except the callback's HMAC and the webhooks' signature):
 * - POST   /api/shopify/oauth-state {shop}        → {@link OAuthStateReply}; 400 with the spec's
 *          domain message for anything but a `*.myshopify.com` host
 * - GET    /api/shopify/callback?code&hmac&shop&state&timestamp (Shopify's redirect) → 302 to
 *          `/create?shop_connected={shop}`, or `/create?shop_error={ShopConnectError}`; nothing stored
 * - GET    /api/shopify/stores                     → {@link ConnectedStoresReply}
 * - DELETE /api/shopify/stores/:id                 → {@link ConnectedStoresReply}; 404 for an unknown
 *          or another user's store
 * - POST   /api/shopify/sandbox/authorize {…}      → {@link SandboxAuthorizeReply} (sandbox store only)
 * - POST   /api/shopify/webhooks                   raw body, `X-Shopify-Hmac-Sha256`; 401 when unverified
 * Errors answer `{ error, code? }` with a message safe to show.
 */
import { z } from 'zod';
import { productSchema } from '../products';
import { opaqueIdSchema, productIdSchema } from '../request-text';
import { PUBLISH_STATUSES } from '../shopify-publish';

export const oauthStateRequestSchema = z.object({ shop: z.string().max(300) });

export const oauthStateReplySchema = z.object({
  /** The single-use anti-forgery state (spec: `{state}`). */
  state: z.string(),
  /** The normalised store host. */
  shop: z.string(),
  /** Where the browser goes next: Shopify's consent page (or the sandbox store's). */
  authorizeUrl: z.string(),
});
export type OAuthStateReply = z.infer<typeof oauthStateReplySchema>;

/** A connected store as the browser sees it: never a token. */
export const connectedStoreSchema = z.object({ id: z.string(), shopDomain: z.string() });
export type ConnectedStore = z.infer<typeof connectedStoreSchema>;

export const connectedStoresReplySchema = z.object({ stores: z.array(connectedStoreSchema) });

/** What the sandbox store's consent page sends when the seller clicks Install. */
export const sandboxAuthorizeRequestSchema = z.object({
  shop: z.string().max(300),
  state: z.string().min(1).max(200),
  redirectUri: z.string().max(2000),
});
export const sandboxAuthorizeReplySchema = z.object({ redirectUrl: z.string() });

/** Why a callback connected nothing; the browser shows {@link SHOP_CONNECT_ERROR_MESSAGES}. */
export const SHOP_CONNECT_ERRORS = ['invalid', 'expired', 'failed'] as const;
export type ShopConnectError = (typeof SHOP_CONNECT_ERRORS)[number];

export const SHOP_CONNECT_ERROR_MESSAGES: Record<ShopConnectError, string> = {
  invalid:
    'Your Shopify store could not be connected: the request was not valid. Please try again.',
  expired: 'Your Shopify store could not be connected: the request expired. Please try again.',
  failed: 'Shopify did not complete the connection. Please try again.',
};

export const OAUTH_STATE_FAILED_MESSAGE = 'Failed to generate OAuth state';
export const OAUTH_INITIATE_FAILED_MESSAGE = 'Failed to initiate Shopify OAuth. Please try again.';
export const STORE_NOT_FOUND_MESSAGE = 'Store not found';

/** The spec's one-time notice after connecting (section 2, /create). */
export function shopConnectedMessage(store: string): string {
  return `Your Shopify store ${store} is now connected! You can start publishing your products.`;
}

/*
 * Publishing (spec: the publish dialog; 'sent one product at a time, stopping at the first
 * failure'):
 * - POST /api/shopify/publish-product {@link PublishProductRequest} → {@link PublishProductReply};
 *        400 malformed, 404 an unknown or another user's store or product, 409 a store to connect
 *        again or a product still generating, 422 Shopify refused the listing (its words), 502/503
 *        Shopify unreachable or busy. Errors answer `{ error, code? }`, the text for the dialog.
 * - GET  /api/shopify/sandbox/stores/:shop/products → {@link SandboxAdminReply} (sandbox store only;
 *        the shop must be one of the seller's connected stores)
 * - GET  /api/shopify/sandbox/stores/:shop/media/:id → the image bytes (same rule)
 */
export const publishProductRequestSchema = z
  .object({
    storeId: opaqueIdSchema(255),
    productId: productIdSchema,
    status: z.enum(PUBLISH_STATUSES),
  })
  .strict();
export type PublishProductRequest = z.infer<typeof publishProductRequestSchema>;

export const publishProductReplySchema = z.object({
  /** The product as it is now: status 'published', libraryAddedAt, publishedTo. */
  product: productSchema,
  shopifyProductId: z.string(),
  adminUrl: z.string(),
  /** False when an earlier publication to this store was updated. */
  created: z.boolean(),
});
export type PublishProductReply = z.infer<typeof publishProductReplySchema>;

/** The spec's texts of the publish dialog. */
export const PUBLISH_MESSAGES = {
  allPublished: 'All products published successfully!',
  toast: 'Products has been published to shopify successfully!',
  noProducts: 'No products to publish.',
  failed: 'Failed to publish one or more products.',
  errorToast: 'An error occurred while publishing products. Please try again.',
  /** Shopify refuses a blank title, and an unnamed listing is not finished (issue 24). */
  untitled:
    'This product has no name yet. Name it (‘What is this?’ on its card) before publishing.',
} as const;

/** One product in the sandbox store's admin page. */
export const sandboxAdminProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The description as text (the store keeps HTML). */
  description: z.string().default(''),
  handle: z.string(),
  status: z.enum(['ACTIVE', 'DRAFT', 'ARCHIVED']),
  vendor: z.string(),
  productType: z.string(),
  tags: z.array(z.string()),
  /** Each variant's price as Shopify stores it ('24.00'). */
  prices: z.array(z.string()),
  /** Each variant's option values ('Small / Olive'; 'Default Title' for a single variant). */
  variants: z.array(z.string()),
  /** App-relative image URLs, in order. */
  images: z.array(z.string()),
  updatedAt: z.string(),
});
export type SandboxAdminProduct = z.infer<typeof sandboxAdminProductSchema>;
export const sandboxAdminReplySchema = z.object({
  shop: z.string(),
  products: z.array(sandboxAdminProductSchema),
});
export type SandboxAdminReply = z.infer<typeof sandboxAdminReplySchema>;
