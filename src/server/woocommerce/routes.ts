/** WooCommerce routes: validated at the route, call the services (contract: src/domain/api/woocommerce.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  wooConnectReplySchema,
  wooConnectRequestSchema,
  wooPublishReplySchema,
  wooPublishRequestSchema,
  wooSandboxAdminReplySchema,
  wooSandboxApproveReplySchema,
  wooSandboxApproveRequestSchema,
  wooStoresReplySchema,
} from '#domain/api/woocommerce.js';
import { opaqueIdParamsSchema, opaqueIdSchema } from '#domain/request-text.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { bodyOrEmpty, zodRoutes } from '../http/zod-routes.js';
import type { ConnectService } from './connect-service.js';
import type { PublishService } from './publish-service.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { WooSandboxStore } from './sandbox-store.js';

export const CALLBACK_PATH = '/api/woocommerce/callback';
const RETURN_PATH = '/account';

export interface WooRouteDeps {
  connect: ConnectService;
  publisher: PublishService;
  requireSession: RequireSession;
  /** The sandbox store, when Listsmith plays every store. */
  sandbox: { gateway: SandboxGateway; catalogue: WooSandboxStore } | null;
}

const storeQuery = z.object({ store: opaqueIdSchema(300) });
const storesReply = { 200: wooStoresReplySchema };

/** The path of an address, or null; only our own paths are followed (no open redirect). */
function pathOf(address: string): URL | null {
  try {
    return new URL(address, 'http://invalid');
  } catch {
    return null;
  }
}

export async function woocommerceRoutes(app: FastifyInstance, deps: WooRouteDeps) {
  const { connect, publisher, sandbox } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  routes.post(
    '/api/woocommerce/connect',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(wooConnectRequestSchema),
        response: { 200: wooConnectReplySchema },
      },
    },
    async (request) => connect.startConnect(request.sessionUser.id, request.body.storeUrl),
  );

  // The store's own POST (wp_safe_remote_post): no session; the one-time state is its proof.
  // Anything but 200 makes WooCommerce delete the keys it made and show the merchant an error.
  // The body is judged by the service, which says why it refused (logged, never the keys).
  routes.post(CALLBACK_PATH, async (request) => {
    const outcome = await connect.receiveKeys(request.body);
    if (outcome.kind === 'refused') {
      throw new HttpError(400, 'The keys were not accepted.', `keys-${outcome.reason}`);
    }
    return {};
  });

  routes.get(
    '/api/woocommerce/stores',
    { config: SIGNED_IN, schema: { response: storesReply } },
    async (request) => ({
      stores: await connect.listStores(request.sessionUser.id),
      sandbox: sandbox !== null,
    }),
  );

  routes.delete(
    '/api/woocommerce/stores/:id',
    { config: SIGNED_IN, schema: { params: opaqueIdParamsSchema, response: storesReply } },
    async (request) => ({
      stores: await connect.disconnect(request.sessionUser.id, request.params.id),
      sandbox: sandbox !== null,
    }),
  );

  routes.post(
    '/api/woocommerce/publish-product',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(wooPublishRequestSchema),
        response: { 200: wooPublishReplySchema },
      },
    },
    async (request) => publisher.publishProduct(request.sessionUser.id, request.body),
  );

  if (!sandbox) return;
  // Approve on the sandbox's page: what a store does on its own approval page, for the seller
  // signed in here. The state must be theirs and for this address.
  routes.post(
    '/api/woocommerce/sandbox/approve',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(wooSandboxApproveRequestSchema),
        response: { 200: wooSandboxApproveReplySchema },
      },
    },
    async (request) => {
      const body = request.body;
      const sellerId = request.sessionUser.id;
      const callback = pathOf(body.callbackUrl);
      const back = pathOf(body.returnUrl);
      if (callback?.pathname !== CALLBACK_PATH || back?.pathname !== RETURN_PATH) {
        throw new HttpError(400, 'The callback or return address is not this app’s.');
      }
      const owner = await connect.stateOwner(body.userId);
      if (!owner || owner.userId !== sellerId || owner.storeUrl !== body.storeUrl) {
        throw new HttpError(
          400,
          'This approval request is not valid. Please start again.',
          'invalid-state',
        );
      }
      const keys = sandbox.gateway.approve({ sellerId, storeUrl: owner.storeUrl });
      const outcome = await connect.receiveKeys({
        key_id: 1,
        user_id: body.userId,
        consumer_key: keys.consumerKey,
        consumer_secret: keys.consumerSecret,
        key_permissions: 'read_write',
      });
      // As WooCommerce: back to return_url with success and the user_id it was given.
      const query = new URLSearchParams(back.search);
      query.set('success', outcome.kind === 'connected' ? '1' : '0');
      query.set('user_id', body.userId);
      return { redirectUrl: `${RETURN_PATH}?${query.toString()}` };
    },
  );

  routes.get(
    '/api/woocommerce/sandbox/products',
    {
      config: SIGNED_IN,
      schema: { querystring: storeQuery, response: { 200: wooSandboxAdminReplySchema } },
    },
    async (request) => {
      const { store } = request.query;
      const sellerId = request.sessionUser.id;
      // Only while it is one of the seller's stores, and only the seller's catalogue of it.
      const mine = await connect.listStores(sellerId);
      if (!mine.some((entry) => entry.storeUrl === store)) {
        throw new HttpError(
          404,
          'This sandbox store is not connected to your account.',
          'store-not-found',
        );
      }
      return {
        storeUrl: store,
        products: await sandbox.catalogue.products({ sellerId, storeUrl: store }),
      };
    },
  );
}
