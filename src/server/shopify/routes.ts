/** Store connection routes: parse, call the service, shape the reply (contract: src/domain/api/shopify.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  connectedStoresReplySchema,
  oauthStateReplySchema,
  oauthStateRequestSchema,
  sandboxAuthorizeReplySchema,
  sandboxAuthorizeRequestSchema,
} from '#domain/api/shopify.js';
import { opaqueIdParamsSchema } from '#domain/request-text.js';
import { INVALID_SHOP_DOMAIN_MESSAGE, normalizeShopDomain } from '#domain/shopify-domain.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { bodyOrEmpty, zodRoutes } from '../http/zod-routes.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { ShopifyService } from './shopify-service.js';

export const CALLBACK_PATH = '/api/shopify/callback';

export interface ShopifyRouteDeps {
  service: ShopifyService;
  requireSession: RequireSession;
  /** The signed-in user's id without requiring one (the callback answers with a redirect). */
  sessionUserId: (request: FastifyRequest) => Promise<string | undefined>;
  /** The sandbox store, when it plays Shopify (its Install button's route). */
  sandbox: SandboxGateway | null;
}

const storesReply = { 200: connectedStoresReplySchema };

export async function shopifyRoutes(app: FastifyInstance, deps: ShopifyRouteDeps) {
  const { service, sandbox } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  routes.post(
    '/api/shopify/oauth-state',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(oauthStateRequestSchema),
        response: { 200: oauthStateReplySchema },
      },
    },
    async (request) => service.startConnect(request.sessionUser.id, request.body.shop),
  );

  // A browser navigation from Shopify: it answers with a redirect into the app, never JSON.
  routes.get(CALLBACK_PATH, async (request, reply) => {
    // Without a session the state cannot be the user's: the service refuses it.
    const userId = await deps.sessionUserId(request);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const outcome = await service.completeConnect(userId, query);
    const target =
      outcome.kind === 'connected'
        ? `/create?shop_connected=${encodeURIComponent(outcome.shop)}`
        : `/create?shop_error=${outcome.reason}`;
    return reply.redirect(target, 302);
  });

  routes.get(
    '/api/shopify/stores',
    { config: SIGNED_IN, schema: { response: storesReply } },
    async (request) => ({ stores: await service.listStores(request.sessionUser.id) }),
  );

  routes.delete(
    '/api/shopify/stores/:id',
    { config: SIGNED_IN, schema: { params: opaqueIdParamsSchema, response: storesReply } },
    async (request) => ({
      stores: await service.disconnect(request.sessionUser.id, request.params.id),
    }),
  );

  if (!sandbox) return;
  // Install on the sandbox store's consent page: where Shopify would send the browser back.
  routes.post(
    '/api/shopify/sandbox/authorize',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(sandboxAuthorizeRequestSchema),
        response: { 200: sandboxAuthorizeReplySchema },
      },
    },
    async (request) => {
      const { body } = request;
      const shop = normalizeShopDomain(body.shop);
      if (!shop || shop !== body.shop) throw new HttpError(400, INVALID_SHOP_DOMAIN_MESSAGE);
      // Only our own callback: the consent page must not become an open redirect.
      let redirectPath: string | null = null;
      try {
        redirectPath = new URL(body.redirectUri, 'http://invalid').pathname;
      } catch {
        redirectPath = null;
      }
      if (redirectPath !== CALLBACK_PATH) {
        throw new HttpError(400, 'The redirect address is not this app’s callback.');
      }
      return {
        redirectUrl: sandbox.approve({ shop, state: body.state, sellerId: request.sessionUser.id }),
      };
    },
  );
}
