/**
 * Connecting a WooCommerce store and publishing to it, as the API sends it (issue 26, ADR 039).
 *
 * Routes (a signed-in session, except the key callback, which the store itself calls):
 * - POST   /api/woocommerce/connect {storeUrl}       → {@link WooConnectReply}: the store's
 *          `/wc-auth/v1/authorize` address with a one-time `user_id` state
 * - POST   /api/woocommerce/callback                 the store posts the keys
 *          ({@link wooKeysCallbackSchema}); 200 `{}` when kept, 400 when refused (the store then
 *          shows its own error and deletes the keys)
 * - GET    /api/woocommerce/stores                   → {@link WooStoresReply}
 * - DELETE /api/woocommerce/stores/:id               → {@link WooStoresReply}; 404 another seller's
 * - POST   /api/woocommerce/publish-product {@link WooPublishRequest} → {@link WooPublishReply};
 *          404 another seller's store or product, 409 a store to connect again, 422 the store
 *          refused the listing (its words, with the product's name), 502/503 unreachable or busy
 * - POST   /api/woocommerce/sandbox/approve {…}      → {redirectUrl} (the sandbox store only)
 * - GET    /api/woocommerce/sandbox/products?store=  → {@link WooSandboxAdminReply}
 * Errors answer `{ error, code? }` with a message safe to show.
 */
import { z } from 'zod';
import { productSchema } from '../products';
import { opaqueIdSchema, productIdSchema } from '../request-text';
import { PUBLISH_STATUSES } from '../shopify-publish';

export const wooConnectRequestSchema = z.object({ storeUrl: z.string().max(300) }).strict();
export const wooConnectReplySchema = z.object({
  storeUrl: z.string(),
  /** Where the browser goes: the store's approval page (or the sandbox store's). */
  authorizeUrl: z.string(),
});
export type WooConnectReply = z.infer<typeof wooConnectReplySchema>;

/**
 * What WooCommerce posts to the callback (class-wc-auth.php `create_keys`): `user_id` is the
 * value we sent (our one-time state), echoed back.
 */
export const wooKeysCallbackSchema = z.object({
  key_id: z.union([z.number(), z.string()]).optional(),
  user_id: z.union([z.string(), z.number()]).transform(String),
  consumer_key: z.string().regex(/^ck_[A-Za-z0-9_.-]{16,600}$/),
  consumer_secret: z.string().regex(/^cs_[A-Za-z0-9_.-]{16,600}$/),
  key_permissions: z.string().max(40),
});

export const wooStoreSchema = z.object({ id: z.string(), storeUrl: z.string() });
export type WooStore = z.infer<typeof wooStoreSchema>;
export const wooStoresReplySchema = z.object({
  stores: z.array(wooStoreSchema),
  /** True when Listsmith plays the store itself (no real store is reached). */
  sandbox: z.boolean(),
});
export type WooStoresReply = z.infer<typeof wooStoresReplySchema>;

export const wooSandboxApproveRequestSchema = z
  .object({
    storeUrl: z.string().max(300),
    userId: z.string().min(1).max(400),
    callbackUrl: z.string().max(2000),
    returnUrl: z.string().max(2000),
  })
  .strict();
export const wooSandboxApproveReplySchema = z.object({ redirectUrl: z.string() });

export const wooPublishRequestSchema = z
  .object({
    storeId: opaqueIdSchema(255),
    productId: productIdSchema,
    status: z.enum(PUBLISH_STATUSES),
  })
  .strict();
export type WooPublishRequest = z.infer<typeof wooPublishRequestSchema>;

export const wooPublishReplySchema = z.object({
  product: productSchema,
  wooProductId: z.string(),
  /** The product's page in the store. */
  permalink: z.string(),
  /** The product in the store's admin (wp-admin). */
  adminUrl: z.string(),
  created: z.boolean(),
});
export type WooPublishReply = z.infer<typeof wooPublishReplySchema>;

export const WOO_MESSAGES = {
  connectFailed: 'Failed to start connecting the WooCommerce store. Please try again.',
  storeNotFound: 'Store not found',
  unavailable: 'The WooCommerce store could not be reached. Please try again.',
  busy: 'The WooCommerce store is busy right now (rate limit). Please try again in a minute.',
  malformed: 'The WooCommerce store answered in a way Listsmith could not read. Please try again.',
  toast: 'Products were published to WooCommerce.',
  denied: 'The WooCommerce store was not connected: the approval was declined.',
  /** What the publish dialog says the seller needs (ADR 039: the store downloads the photos). */
  imagesNeed:
    'Your store downloads the photos from Listsmith, so Listsmith must be reachable on the internet at its https address. Publishing also needs read/write access, which you approve when connecting.',
} as const;

export const wooReconnectMessage = (store: string) =>
  `Your WooCommerce store ${store} needs to be connected again.`;

export const wooConnectedMessage = (store: string) =>
  `Your WooCommerce store ${store} is now connected! You can start publishing your products.`;

export const wooSandboxProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  type: z.string(),
  status: z.string(),
  regularPrice: z.string(),
  categories: z.array(z.string()),
  tags: z.array(z.string()),
  /** 'Size: M / Color: Olive — 24.00' per variation. */
  variations: z.array(z.string()),
  /** The image addresses the store was given (it would download them). */
  images: z.array(z.string()),
  updatedAt: z.string(),
});
export type WooSandboxProduct = z.infer<typeof wooSandboxProductSchema>;
export const wooSandboxAdminReplySchema = z.object({
  storeUrl: z.string(),
  products: z.array(wooSandboxProductSchema),
});
export type WooSandboxAdminReply = z.infer<typeof wooSandboxAdminReplySchema>;
