/** Store connection routes: parse, call the service, shape the reply (contract: src/domain/api/shopify.ts). */
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import {
  oauthStateRequestSchema,
  sandboxAuthorizeRequestSchema,
  type ConnectedStoresReply,
  type OAuthStateReply,
} from '#domain/api/shopify.js';
import { INVALID_SHOP_DOMAIN_MESSAGE, normalizeShopDomain } from '#domain/shopify-domain.js';
import { HttpError } from '../http/errors.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { ShopifyService } from './shopify-service.js';

export const CALLBACK_PATH = '/api/shopify/callback';

export interface ShopifyRouteDeps {
  service: ShopifyService;
  requireSession: preHandlerHookHandler;
  /** The signed-in user's id without requiring one (the callback answers with a redirect). */
  sessionUserId: (request: FastifyRequest) => Promise<string | undefined>;
  /** The sandbox store, when it plays Shopify (its Install button's route). */
  sandbox: SandboxGateway | null;
}

const idParams = z.object({ id: z.string().min(1).max(255) });

export async function shopifyRoutes(app: FastifyInstance, deps: ShopifyRouteDeps) {
  const { service, requireSession, sandbox } = deps;
  const withSession = { preHandler: requireSession };

  app.post('/api/shopify/oauth-state', withSession, async (request): Promise<OAuthStateReply> => {
    const { shop } = oauthStateRequestSchema.parse(request.body ?? {});
    return service.startConnect(request.sessionUser!.id, shop);
  });

  // A browser navigation from Shopify: it answers with a redirect into the app, never JSON.
  app.get(CALLBACK_PATH, async (request, reply) => {
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

  app.get('/api/shopify/stores', withSession, async (request): Promise<ConnectedStoresReply> => ({
    stores: await service.listStores(request.sessionUser!.id),
  }));

  app.delete(
    '/api/shopify/stores/:id',
    withSession,
    async (request): Promise<ConnectedStoresReply> => {
      const { id } = idParams.parse(request.params);
      return { stores: await service.disconnect(request.sessionUser!.id, id) };
    },
  );

  if (!sandbox) return;
  // Install on the sandbox store's consent page: where Shopify would send the browser back.
  app.post('/api/shopify/sandbox/authorize', withSession, async (request) => {
    const body = sandboxAuthorizeRequestSchema.parse(request.body ?? {});
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
      redirectUrl: sandbox.approve({ shop, state: body.state, sellerId: request.sessionUser!.id }),
    };
  });
}
