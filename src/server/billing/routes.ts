/** Billing routes: parse, call the service, shape the reply (contract: src/domain/billing.ts). */
import type { FastifyInstance } from 'fastify';
import {
  billingCatalogSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutSessionViewSchema,
  sandboxCheckoutResultSchema,
  subscriptionStateSchema,
} from '#domain/billing.js';
import { opaqueIdParamsSchema } from '#domain/request-text.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { bodyOrEmpty, zodRoutes } from '../http/zod-routes.js';
import type { BillingService } from './billing-service.js';

export interface BillingRouteDeps {
  service: BillingService;
  requireSession: RequireSession;
}

const subscriptionReply = {
  config: SIGNED_IN,
  schema: { response: { 200: subscriptionStateSchema } },
};
const sandboxCheckoutRoute = {
  config: SIGNED_IN,
  schema: { params: opaqueIdParamsSchema, response: { 200: sandboxCheckoutResultSchema } },
};

export async function billingRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  const { service } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  routes.get(
    '/api/billing/catalog',
    { config: SIGNED_IN, schema: { response: { 200: billingCatalogSchema } } },
    async () => service.catalog(),
  );

  routes.post(
    '/api/stripe/create-checkout-session',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(checkoutRequestSchema),
        response: { 200: checkoutResponseSchema },
      },
    },
    // Who buys is the session's user; the body may name a price and nothing else.
    async (request) => service.startCheckout(request.sessionUser, request.body),
  );

  routes.get(
    '/api/billing/checkout-sessions/:id',
    {
      config: SIGNED_IN,
      schema: { params: opaqueIdParamsSchema, response: { 200: checkoutSessionViewSchema } },
    },
    async (request) => service.viewSession(request.sessionUser.id, request.params.id),
  );

  routes.get('/api/billing/subscription', subscriptionReply, async (request) =>
    service.subscription(request.sessionUser.id),
  );
  routes.post('/api/billing/subscription/cancel', subscriptionReply, async (request) =>
    service.cancel(request.sessionUser.id),
  );
  routes.post('/api/billing/subscription/resume', subscriptionReply, async (request) =>
    service.resume(request.sessionUser.id),
  );

  // The sandbox's Pay and Cancel exist only while a provider with its own page takes payments.
  const page = service.checkoutPage;
  if (!page) return;
  routes.post(
    '/api/billing/sandbox/checkout-sessions/:id/pay',
    sandboxCheckoutRoute,
    async (request) => page.pay(request.sessionUser.id, request.params.id),
  );
  routes.post(
    '/api/billing/sandbox/checkout-sessions/:id/cancel',
    sandboxCheckoutRoute,
    async (request) => page.cancel(request.sessionUser.id, request.params.id),
  );
}
