/** Billing routes: parse, call the service, shape the reply (contract: src/domain/billing.ts). */
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import type { BillingService } from './billing-service.js';

export interface BillingRouteDeps {
  service: BillingService;
  requireSession: preHandlerHookHandler;
}

const idParams = z.object({ id: z.string().min(1).max(255) });

export async function billingRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  const { service, requireSession } = deps;
  const withSession = { preHandler: requireSession };

  app.get('/api/billing/catalog', withSession, async () => service.catalog());

  app.post('/api/stripe/create-checkout-session', withSession, async (request) =>
    // Who buys is the session's user; the body may name a price and nothing else.
    service.startCheckout(request.sessionUser!, request.body ?? {}),
  );

  app.get('/api/billing/checkout-sessions/:id', withSession, async (request) => {
    const { id } = idParams.parse(request.params);
    return service.viewSession(request.sessionUser!.id, id);
  });

  app.get('/api/billing/subscription', withSession, async (request) =>
    service.subscription(request.sessionUser!.id),
  );
  app.post('/api/billing/subscription/cancel', withSession, async (request) =>
    service.cancel(request.sessionUser!.id),
  );
  app.post('/api/billing/subscription/resume', withSession, async (request) =>
    service.resume(request.sessionUser!.id),
  );

  // The sandbox's Pay and Cancel exist only while a provider with its own page takes payments.
  const page = service.checkoutPage;
  if (!page) return;
  app.post('/api/billing/sandbox/checkout-sessions/:id/pay', withSession, async (request) => {
    const { id } = idParams.parse(request.params);
    return page.pay(request.sessionUser!.id, id);
  });
  app.post('/api/billing/sandbox/checkout-sessions/:id/cancel', withSession, async (request) => {
    const { id } = idParams.parse(request.params);
    return page.cancel(request.sessionUser!.id, id);
  });
}
