/**
 * Stripe's webhook. Registered as its own plugin so its content-type parser (the raw bytes,
 * which the signature covers) applies to this route alone; the signature is its protection,
 * not a session or the same-origin guard.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { WebhookSignatureError, type WebhookReceiver } from './payment-provider.js';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export interface WebhookRouteDeps {
  receiver: WebhookReceiver;
}

export async function stripeWebhookRoutes(app: FastifyInstance, deps: WebhookRouteDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(STRIPE_WEBHOOK_PATH, async (request) => {
    const signature = request.headers['stripe-signature'];
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = deps.receiver.verify(body, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'stripe webhook refused');
        throw new HttpError(400, 'Invalid Stripe signature', 'invalid-signature');
      }
      throw error;
    }
    // Any failure below answers 500, so Stripe delivers the event again later.
    await deps.receiver.apply(event);
    request.log.info({ eventId: event.id, type: event.type }, 'stripe event applied');
    return { received: true };
  });
}
