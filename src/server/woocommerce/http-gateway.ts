/**
 * Real WooCommerce stores (WOOCOMMERCE_STORES=live): the app-authorization page and the REST API
 * v3 with HTTP Basic auth (the consumer key and secret), which WooCommerce accepts over https
 * only. The OAuth 1.0a signature WooCommerce asks for over plain http, and the `consumer_key`
 * query-string variant, are not implemented: store addresses must be https (ADR 039). Redirects
 * are not followed, so the keys are never sent to another address.
 */
import {
  WOO_REST_PREFIX,
  WooGatewayError,
  type WooCredentials,
  type WooGateway,
  type WooMethod,
  type WooReply,
} from './gateway.js';

/** A store slower than this answers 'could not be reached' (images are downloaded in the call). */
const TIMEOUT_MS = 60_000;

export function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

export function createHttpGateway(): WooGateway {
  return {
    kind: 'live',

    authorizeUrl({ storeUrl, appName, userId, returnUrl, callbackUrl }) {
      const query = new URLSearchParams({
        app_name: appName,
        scope: 'read_write',
        user_id: userId,
        return_url: returnUrl,
        callback_url: callbackUrl,
      });
      return `${storeUrl}/wc-auth/v1/authorize?${query.toString()}`;
    },

    async request(
      credentials: WooCredentials,
      method: WooMethod,
      path: string,
      body?: unknown,
    ): Promise<WooReply> {
      const basic = Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`);
      let response: Response;
      try {
        response = await fetch(`${credentials.storeUrl}${WOO_REST_PREFIX}${path}`, {
          method,
          headers: {
            authorization: `Basic ${basic.toString('base64')}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new WooGatewayError(error instanceof Error ? error.message : 'request failed');
      }
      const text = await response.text().catch(() => '');
      let parsed: unknown = null;
      try {
        parsed = text === '' ? null : JSON.parse(text);
      } catch {
        parsed = null;
      }
      return {
        status: response.status,
        retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
        body: parsed,
      };
    },

    adminProductUrl(storeUrl, productId) {
      return `${storeUrl}/wp-admin/post.php?post=${encodeURIComponent(productId)}&action=edit`;
    },
  };
}
