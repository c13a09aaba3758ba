/**
 * Publishing routes (contract: src/domain/api/shopify.ts): one product per call, and the sandbox
 * store's admin list and images when Listsmith plays Shopify.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  publishProductReplySchema,
  publishProductRequestSchema,
  sandboxAdminReplySchema,
} from '#domain/api/shopify.js';
import { isShopDomain } from '#domain/shopify-domain.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { bodyOrEmpty, zodRoutes } from '../http/zod-routes.js';
import type { PublishService } from './publish-service.js';
import type { SandboxShop, SandboxStore } from './sandbox-store.js';
import type { ShopifyService } from './shopify-service.js';

export interface PublishRouteDeps {
  publisher: PublishService;
  stores: ShopifyService;
  requireSession: RequireSession;
  /** The sandbox store's catalogue, when it plays Shopify. */
  catalogue: SandboxStore | null;
}

const shopParams = z.object({ shop: z.string().max(300) });
const mediaParams = shopParams.extend({ id: z.string().regex(/^\d{1,20}$/) });
const NOT_CONNECTED = 'This sandbox store is not connected to your account.';

export async function publishRoutes(app: FastifyInstance, deps: PublishRouteDeps) {
  const { publisher, stores, catalogue } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  routes.post(
    '/api/shopify/publish-product',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(publishProductRequestSchema),
        response: { 200: publishProductReplySchema },
      },
    },
    async (request) => publisher.publishProduct(request.sessionUser.id, request.body),
  );

  if (!catalogue) return;
  /** The seller sees a sandbox store's catalogue only while it is one of their stores. */
  async function connectedShop(userId: string, shop: string): Promise<SandboxShop> {
    const mine = await stores.listStores(userId);
    if (!isShopDomain(shop) || !mine.some((store) => store.shopDomain === shop)) {
      throw new HttpError(404, NOT_CONNECTED, 'store-not-found');
    }
    return { sellerId: userId, shop };
  }

  routes.get(
    '/api/shopify/sandbox/stores/:shop/products',
    {
      config: SIGNED_IN,
      schema: { params: shopParams, response: { 200: sandboxAdminReplySchema } },
    },
    async (request) => {
      const store = await connectedShop(request.sessionUser.id, request.params.shop);
      return { shop: store.shop, products: await catalogue.products(store) };
    },
  );

  routes.get(
    '/api/shopify/sandbox/stores/:shop/media/:id',
    { config: SIGNED_IN, schema: { params: mediaParams } },
    async (request, reply) => {
      const store = await connectedShop(request.sessionUser.id, request.params.shop);
      const media = await catalogue.media(store, request.params.id);
      if (!media) throw new HttpError(404, 'Not found');
      return reply
        .type(media.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(media.bytes));
    },
  );
}
