/**
 * The sandbox store (embedded default): Shopify's side of the connection, played by Listsmith so a
 * newcomer can connect a store with no Shopify account. Its consent page is the SPA's
 * /sandbox/shopify/authorize; Install comes back through the same HMAC-verified callback as real
 * Shopify. Codes and tokens are signed, self-contained values (no table, any server process can
 * check them); the single-use OAuth state is what makes a callback usable once. A sandbox shop
 * belongs to the seller who approved the install (issue 28 item 9): the code and the tokens
 * name that seller, and every Admin API call reaches that seller's catalogue only. What is
 * published is kept by the sandbox store's catalogue (sandbox-store.ts) and listed on its
 * test-mode admin page, /sandbox/shopify/{shop}/admin/products.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isShopDomain } from '#domain/shopify-domain.js';
import { signQuery } from './crypto.js';
import { shopifyNumericId } from '#domain/shopify-publish.js';
import { ShopifyGatewayError, type ShopifyGateway, type ShopTokens } from './gateway.js';
import type { SandboxShop, SandboxStore } from './sandbox-store.js';

export const SANDBOX_CONSENT_PATH = '/sandbox/shopify/authorize';
export const SANDBOX_CLIENT_ID = 'listsmith-sandbox';
export const sandboxAdminPath = (shop: string) => `/sandbox/shopify/${shop}/admin/products`;

const CODE_TTL_MS = 10 * 60 * 1000;
const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 90 * 24 * 3600;

type Grant = 'code' | 'access' | 'refresh';
const claimsSchema = z.object({
  grant: z.enum(['code', 'access', 'refresh']),
  shop: z.string(),
  /** The seller whose sandbox shop it is (a value sealed before migration 021 has none). */
  sellerId: z.string().min(1),
  exp: z.number(),
  nonce: z.string(),
});
type Claims = z.infer<typeof claimsSchema>;
const PREFIX: Record<Grant, string> = { code: '', access: 'shpat_sbx_', refresh: 'shprt_sbx_' };

export interface SandboxGateway extends ShopifyGateway {
  /** What Install on the consent page does for the signed-in seller: the signed callback path. */
  approve(request: { shop: string; state: string; sellerId: string }): string;
}

export function createSandboxGateway(options: {
  secret: string;
  scopes: string;
  callbackPath: string;
  catalogue: SandboxStore;
  now: () => Date;
}): SandboxGateway {
  const { secret, now } = options;

  function seal(grant: Grant, { shop, sellerId }: SandboxShop, ttlMs: number): string {
    const claims: Claims = {
      grant,
      shop,
      sellerId,
      exp: now().getTime() + ttlMs,
      nonce: randomBytes(8).toString('hex'),
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const mac = createHmac('sha256', secret).update(`${grant}.${body}`).digest('base64url');
    return `${PREFIX[grant]}${body}.${mac}`;
  }

  /** The seller's shop a code or token is for; throws when it is not valid for `shop`. */
  function open(grant: Grant, shop: string, value: string): SandboxShop {
    const [body = '', mac = ''] = value.slice(PREFIX[grant].length).split('.');
    const expected = createHmac('sha256', secret).update(`${grant}.${body}`).digest('base64url');
    let claims: Claims | undefined;
    if (value.startsWith(PREFIX[grant]) && mac === expected) {
      const parsed = claimsSchema.safeParse(
        JSON.parse(Buffer.from(body, 'base64url').toString('utf8')),
      );
      claims = parsed.success ? parsed.data : undefined;
    }
    if (
      !claims ||
      claims.grant !== grant ||
      claims.shop !== shop ||
      claims.exp <= now().getTime()
    ) {
      throw new ShopifyGatewayError(`The sandbox store refused the ${grant}`, true);
    }
    return { shop, sellerId: claims.sellerId };
  }

  function tokens(scope: SandboxShop): ShopTokens {
    const at = now().getTime();
    return {
      accessToken: seal('access', scope, ACCESS_TTL_S * 1000),
      scope: options.scopes,
      accessTokenExpiresAt: new Date(at + ACCESS_TTL_S * 1000),
      refreshToken: seal('refresh', scope, REFRESH_TTL_S * 1000),
      refreshTokenExpiresAt: new Date(at + REFRESH_TTL_S * 1000),
    };
  }

  function requireShop(shop: string) {
    if (!isShopDomain(shop)) throw new ShopifyGatewayError('Not a Shopify store domain');
  }

  return {
    kind: 'sandbox',
    signingSecret: secret,

    authorizeUrl({ shop, state, redirectUri }) {
      requireShop(shop);
      const query = new URLSearchParams({
        shop,
        client_id: SANDBOX_CLIENT_ID,
        scope: options.scopes,
        redirect_uri: redirectUri,
        state,
      });
      // App-relative, like the sandbox checkout: either loopback spelling of the app works.
      return `${SANDBOX_CONSENT_PATH}?${query.toString()}`;
    },

    approve({ shop, state, sellerId }) {
      requireShop(shop);
      const query = new URLSearchParams({
        code: seal('code', { shop, sellerId }, CODE_TTL_MS),
        shop,
        state,
        timestamp: String(Math.floor(now().getTime() / 1000)),
      });
      query.set('hmac', signQuery(query, secret));
      return `${options.callbackPath}?${query.toString()}`;
    },

    async exchangeCode(shop, code) {
      requireShop(shop);
      return tokens(open('code', shop, code));
    },

    async refresh(shop, refreshToken) {
      requireShop(shop);
      return tokens(open('refresh', shop, refreshToken));
    },

    async graphql(shop, accessToken, query, variables) {
      let scope: SandboxShop;
      try {
        scope = open('access', shop, accessToken);
      } catch {
        return {
          status: 401,
          retryAfterSeconds: null,
          body: {
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          },
        };
      }
      return options.catalogue.execute(scope, query, variables);
    },

    uploadStaged(target, file) {
      return options.catalogue.upload(target, file);
    },

    // Its catalogues are small: the import pages through them and never asks for an export.
    // eslint-disable-next-line require-yield
    async *downloadLines() {
      throw new ShopifyGatewayError('The sandbox store makes no bulk exports');
    },

    adminProductUrl(shop, productGid) {
      return `${sandboxAdminPath(shop)}#product-${shopifyNumericId(productGid)}`;
    },
  };
}
