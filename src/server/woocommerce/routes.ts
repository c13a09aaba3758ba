/** WooCommerce routes: parse, call the services, shape the reply (contract: src/domain/api/woocommerce.ts). */
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import {
  wooConnectRequestSchema,
  wooSandboxApproveRequestSchema,
  type WooConnectReply,
  type WooPublishReply,
  type WooSandboxAdminReply,
  type WooStoresReply,
} from '#domain/api/woocommerce.js';
import { HttpError } from '../http/errors.js';
import type { ConnectService } from './connect-service.js';
import type { PublishService } from './publish-service.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { WooSandboxStore } from './sandbox-store.js';

export const CALLBACK_PATH = '/api/woocommerce/callback';
const RETURN_PATH = '/account';

export interface WooRouteDeps {
  connect: ConnectService;
  publisher: PublishService;
  requireSession: preHandlerHookHandler;
  /** The sandbox store, when Listsmith plays every store. */
  sandbox: { gateway: SandboxGateway; catalogue: WooSandboxStore } | null;
}

const idParams = z.object({ id: z.string().min(1).max(255) });
const storeQuery = z.object({ store: z.string().min(1).max(300) });

/** The path of an address, or null; only our own paths are followed (no open redirect). */
function pathOf(address: string): URL | null {
  try {
    return new URL(address, 'http://invalid');
  } catch {
    return null;
  }
}

export async function woocommerceRoutes(app: FastifyInstance, deps: WooRouteDeps) {
  const { connect, publisher, requireSession, sandbox } = deps;
  const withSession = { preHandler: requireSession };

  app.post('/api/woocommerce/connect', withSession, async (request): Promise<WooConnectReply> => {
    const { storeUrl } = wooConnectRequestSchema.parse(request.body ?? {});
    return connect.startConnect(request.sessionUser!.id, storeUrl);
  });

  // The store's own POST (wp_safe_remote_post): no session; the one-time state is its proof.
  // Anything but 200 makes WooCommerce delete the keys it made and show the merchant an error.
  app.post(CALLBACK_PATH, async (request) => {
    const outcome = await connect.receiveKeys(request.body);
    if (outcome.kind === 'refused') {
      throw new HttpError(400, 'The keys were not accepted.', `keys-${outcome.reason}`);
    }
    return {};
  });

  app.get('/api/woocommerce/stores', withSession, async (request): Promise<WooStoresReply> => ({
    stores: await connect.listStores(request.sessionUser!.id),
    sandbox: sandbox !== null,
  }));

  app.delete(
    '/api/woocommerce/stores/:id',
    withSession,
    async (request): Promise<WooStoresReply> => {
      const { id } = idParams.parse(request.params);
      return {
        stores: await connect.disconnect(request.sessionUser!.id, id),
        sandbox: sandbox !== null,
      };
    },
  );

  app.post(
    '/api/woocommerce/publish-product',
    withSession,
    async (request): Promise<WooPublishReply> =>
      publisher.publishProduct(request.sessionUser!.id, request.body ?? {}),
  );

  if (!sandbox) return;
  // Approve on the sandbox's page: what a store does on its own approval page, for the seller
  // signed in here. The state must be theirs and for this address.
  app.post('/api/woocommerce/sandbox/approve', withSession, async (request) => {
    const body = wooSandboxApproveRequestSchema.parse(request.body ?? {});
    const sellerId = request.sessionUser!.id;
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
  });

  app.get(
    '/api/woocommerce/sandbox/products',
    withSession,
    async (request): Promise<WooSandboxAdminReply> => {
      const { store } = storeQuery.parse(request.query);
      const sellerId = request.sessionUser!.id;
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
