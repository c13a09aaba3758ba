/** eBay routes: validated at the route, call the services (contract: src/domain/api/ebay.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ebayAspectsQuerySchema,
  ebayAspectsReplySchema,
  ebayConnectionReplySchema,
  ebayConnectReplySchema,
  ebayPublishReplySchema,
  ebayPublishRequestSchema,
  ebaySandboxAuthorizeReplySchema,
  ebaySandboxAuthorizeRequestSchema,
  ebaySandboxListingsReplySchema,
  ebaySettingsReplySchema,
  ebaySettingsRequestSchema,
} from '#domain/api/ebay.js';
import { productIdParamsSchema } from '#domain/request-text.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { bodyOrEmpty, zodRoutes } from '../http/zod-routes.js';
import type { ConnectService } from './connect-service.js';
import type { ProductAspects } from './product-aspects.js';
import type { PublishService } from './publish-service.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { EbaySandboxStore } from './sandbox-store.js';
import type { SettingsService } from './settings-service.js';

export const CALLBACK_PATH = '/api/ebay/callback';

export interface EbayRouteDeps {
  connect: ConnectService;
  settings: SettingsService;
  aspects: ProductAspects;
  publisher: PublishService;
  requireSession: RequireSession;
  /** The signed-in seller's id without requiring one (the callback answers with a redirect). */
  sessionUserId: (request: FastifyRequest) => Promise<string | undefined>;
  /** The sandbox eBay, when Listsmith plays it. */
  sandbox: { gateway: SandboxGateway; store: EbaySandboxStore } | null;
}

const connectionReply = { 200: ebayConnectionReplySchema };
const settingsReply = { 200: ebaySettingsReplySchema };

export async function ebayRoutes(app: FastifyInstance, deps: EbayRouteDeps) {
  const { connect, settings, aspects, publisher, sandbox } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  routes.post(
    '/api/ebay/connect',
    { config: SIGNED_IN, schema: { response: { 200: ebayConnectReplySchema } } },
    async (request) => connect.startConnect(request.sessionUser.id),
  );

  // A browser navigation from eBay's consent page: answered with a redirect into the app.
  routes.get(CALLBACK_PATH, async (request, reply) => {
    const userId = await deps.sessionUserId(request);
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const outcome = await connect.completeConnect(userId, query);
    const target =
      outcome.kind === 'connected'
        ? '/account?ebay=connected'
        : `/account?ebay_error=${outcome.reason}`;
    return reply.redirect(target, 302);
  });

  routes.get(
    '/api/ebay/connection',
    { config: SIGNED_IN, schema: { response: connectionReply } },
    async (request) => connect.connectionReply(request.sessionUser.id),
  );

  routes.delete(
    '/api/ebay/connection',
    { config: SIGNED_IN, schema: { response: connectionReply } },
    async (request) => connect.disconnect(request.sessionUser.id),
  );

  routes.get(
    '/api/ebay/settings',
    { config: SIGNED_IN, schema: { response: settingsReply } },
    async (request) => settings.options(request.sessionUser.id),
  );

  routes.put(
    '/api/ebay/settings',
    {
      config: SIGNED_IN,
      schema: { body: bodyOrEmpty(ebaySettingsRequestSchema), response: settingsReply },
    },
    async (request) => settings.choose(request.sessionUser.id, request.body),
  );

  routes.get(
    '/api/ebay/products/:id/aspects',
    {
      config: SIGNED_IN,
      schema: {
        params: productIdParamsSchema,
        querystring: ebayAspectsQuerySchema,
        response: { 200: ebayAspectsReplySchema },
      },
    },
    async (request) =>
      aspects.aspectsFor(request.sessionUser.id, request.params.id, request.query.categoryId),
  );

  routes.post(
    '/api/ebay/publish-product',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(ebayPublishRequestSchema),
        response: { 200: ebayPublishReplySchema },
      },
    },
    async (request) => publisher.publishProduct(request.sessionUser.id, request.body),
  );

  if (!sandbox) return;
  // Agree on the sandbox's consent page: what eBay does for the seller signed in here. The
  // state must be theirs; the browser then goes to our own callback, never elsewhere.
  routes.post(
    '/api/ebay/sandbox/authorize',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(ebaySandboxAuthorizeRequestSchema),
        response: { 200: ebaySandboxAuthorizeReplySchema },
      },
    },
    async (request) => {
      const sellerId = request.sessionUser.id;
      if ((await connect.stateOwner(request.body.state)) !== sellerId) {
        throw new HttpError(
          400,
          'This consent request is not valid. Please start again.',
          'invalid-state',
        );
      }
      return { redirectUrl: sandbox.gateway.approve(sellerId, request.body.state) };
    },
  );

  routes.get(
    '/api/ebay/sandbox/listings',
    { config: SIGNED_IN, schema: { response: { 200: ebaySandboxListingsReplySchema } } },
    async (request) => ({ listings: await sandbox.store.listings(request.sessionUser.id) }),
  );
}
