/**
 * Shopify's webhooks, registered as their own plugin so the raw-bytes parser (which the HMAC
 * covers) applies to this route alone. The signature is its protection, not a session; a wrong
 * one answers 401, as Shopify's compliance checks expect.
 */
import type { FastifyInstance } from 'fastify';
import { isShopDomain } from '#domain/shopify-domain.js';
import { HttpError } from '../http/errors.js';
import { verifyBody } from './crypto.js';
import type { WebhookService } from './webhook-service.js';

export const SHOPIFY_WEBHOOK_PATH = '/api/shopify/webhooks';

const header = (value: string | string[] | undefined) =>
  typeof value === 'string' && value !== '' ? value : undefined;

export async function shopifyWebhookRoutes(
  app: FastifyInstance,
  deps: { webhooks: WebhookService; signingSecret: string },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(SHOPIFY_WEBHOOK_PATH, async (request) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = header(request.headers['x-shopify-hmac-sha256']);
    if (!verifyBody(body, deps.signingSecret, signature)) {
      request.log.warn('shopify webhook refused: bad signature');
      throw new HttpError(401, 'Invalid Shopify signature', 'invalid-signature');
    }
    const topic = header(request.headers['x-shopify-topic']) ?? '';
    const shopDomain = header(request.headers['x-shopify-shop-domain']) ?? '';
    if (!isShopDomain(shopDomain)) throw new HttpError(400, 'Missing shop domain');
    const eventId =
      header(request.headers['x-shopify-event-id']) ??
      header(request.headers['x-shopify-webhook-id']) ??
      null;
    // Any failure below answers 500, so Shopify delivers it again later.
    const outcome = await deps.webhooks.receive({ topic, shopDomain, eventId });
    request.log.info({ topic, shop: shopDomain, eventId, outcome }, 'shopify webhook');
    return { received: true };
  });
}
