/**
 * The sandbox WooCommerce store (embedded default, WOOCOMMERCE_STORES=sandbox): the store's side
 * of the connection, played by Listsmith so a newcomer can connect and publish with no WordPress.
 * Its approval page is the SPA's /sandbox/woocommerce/authorize; Approve hands the keys to the
 * same callback code a real store's POST reaches. Keys are signed, self-contained values naming
 * the seller and the store address (no table): every REST call reaches that seller's catalogue
 * only (as the Shopify sandbox, ADR 031). What was published is listed on its test-mode admin
 * page, /sandbox/woocommerce/admin?store=….
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { WooGateway, WooReply } from './gateway.js';
import type { SandboxScope, WooSandboxStore } from './sandbox-store.js';

export const SANDBOX_AUTHORIZE_PATH = '/sandbox/woocommerce/authorize';
export const sandboxAdminPath = (storeUrl: string) =>
  `/sandbox/woocommerce/admin?${new URLSearchParams({ store: storeUrl }).toString()}`;

const claimsSchema = z.object({ s: z.string().min(1), u: z.string().min(1), n: z.string() });

export interface SandboxGateway extends WooGateway {
  /** What Approve on the sandbox's page does for the signed-in seller: the keys it posts. */
  approve(scope: SandboxScope): { consumerKey: string; consumerSecret: string };
}

const unauthorized: WooReply = {
  status: 401,
  retryAfterSeconds: null,
  body: {
    code: 'woocommerce_rest_authentication_error',
    message: 'Consumer key is invalid.',
    data: { status: 401 },
  },
};

export function createSandboxGateway(options: {
  secret: Buffer;
  catalogue: WooSandboxStore;
}): SandboxGateway {
  const { secret, catalogue } = options;
  const sign = (key: string) => createHmac('sha256', secret).update(key).digest('base64url');

  /** The seller's store the keys are for, or null when they are not ours or not for `storeUrl`. */
  function open(key: string, keySecret: string, storeUrl: string): SandboxScope | null {
    if (!key.startsWith('ck_') || !keySecret.startsWith('cs_')) return null;
    const expected = Buffer.from(sign(key));
    const given = Buffer.from(keySecret.slice(3));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: z.infer<typeof claimsSchema>;
    try {
      claims = claimsSchema.parse(
        JSON.parse(Buffer.from(key.slice(3), 'base64url').toString('utf8')),
      );
    } catch {
      return null;
    }
    return claims.u === storeUrl ? { sellerId: claims.s, storeUrl } : null;
  }

  return {
    kind: 'sandbox',

    authorizeUrl({ storeUrl, appName, userId, returnUrl, callbackUrl }) {
      const query = new URLSearchParams({
        store_url: storeUrl,
        app_name: appName,
        scope: 'read_write',
        user_id: userId,
        return_url: returnUrl,
        callback_url: callbackUrl,
      });
      return `${SANDBOX_AUTHORIZE_PATH}?${query.toString()}`;
    },

    approve({ sellerId, storeUrl }) {
      const claims = { s: sellerId, u: storeUrl, n: randomBytes(8).toString('hex') };
      const consumerKey = `ck_${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return { consumerKey, consumerSecret: `cs_${sign(consumerKey)}` };
    },

    async request(credentials, method, path, body) {
      const scope = open(credentials.consumerKey, credentials.consumerSecret, credentials.storeUrl);
      if (!scope) return unauthorized;
      return catalogue.handle(scope, method, path, body);
    },

    adminProductUrl(storeUrl, productId) {
      return `${sandboxAdminPath(storeUrl)}#product-${productId}`;
    },
  };
}
