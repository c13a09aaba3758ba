/**
 * The sandbox store (embedded default): Shopify's side of the connection, played by Listsmith so a
 * newcomer can connect a store with no Shopify account. Its consent page is the SPA's
 * /sandbox/shopify/authorize; Install comes back through the same HMAC-verified callback as real
 * Shopify. Codes and tokens are signed, self-contained values (no table, any server process can
 * check them); the single-use OAuth state is what makes a callback usable once. What is published
 * is kept by the sandbox store's catalogue (sandbox-store.ts) and listed on its test-mode admin
 * page, /sandbox/shopify/{shop}/admin/products.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { isShopDomain } from '#domain/shopify-domain.js';
import { signQuery } from './crypto.js';
import { shopifyNumericId } from '#domain/shopify-publish.js';
import { ShopifyGatewayError, type ShopifyGateway, type ShopTokens } from './gateway.js';
import type { SandboxStore } from './sandbox-store.js';

export const SANDBOX_CONSENT_PATH = '/sandbox/shopify/authorize';
export const SANDBOX_CLIENT_ID = 'listsmith-sandbox';
export const sandboxAdminPath = (shop: string) => `/sandbox/shopify/${shop}/admin/products`;

const CODE_TTL_MS = 10 * 60 * 1000;
const ACCESS_TTL_S = 3600;
const REFRESH_TTL_S = 90 * 24 * 3600;

type Grant = 'code' | 'access' | 'refresh';
interface Claims {
  grant: Grant;
  shop: string;
  exp: number;
  nonce: string;
}
const PREFIX: Record<Grant, string> = { code: '', access: 'shpat_sbx_', refresh: 'shprt_sbx_' };

export interface SandboxGateway extends ShopifyGateway {
  /** What Install on the consent page does: the callback path with a signed query. */
  approve(request: { shop: string; state: string }): string;
}

export function createSandboxGateway(options: {
  secret: string;
  scopes: string;
  callbackPath: string;
  catalogue: SandboxStore;
  now: () => Date;
}): SandboxGateway {
  const { secret, now } = options;

  function seal(grant: Grant, shop: string, ttlMs: number): string {
    const claims: Claims = {
      grant,
      shop,
      exp: now().getTime() + ttlMs,
      nonce: randomBytes(8).toString('hex'),
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const mac = createHmac('sha256', secret).update(`${grant}.${body}`).digest('base64url');
    return `${PREFIX[grant]}${body}.${mac}`;
  }

  function open(grant: Grant, shop: string, value: string): void {
    const [body = '', mac = ''] = value.slice(PREFIX[grant].length).split('.');
    const expected = createHmac('sha256', secret).update(`${grant}.${body}`).digest('base64url');
    let claims: Claims | undefined;
    if (value.startsWith(PREFIX[grant]) && mac === expected) {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    }
    if (
      !claims ||
      claims.grant !== grant ||
      claims.shop !== shop ||
      claims.exp <= now().getTime()
    ) {
      throw new ShopifyGatewayError(`The sandbox store refused the ${grant}`, true);
    }
  }

  function tokens(shop: string): ShopTokens {
    const at = now().getTime();
    return {
      accessToken: seal('access', shop, ACCESS_TTL_S * 1000),
      scope: options.scopes,
      accessTokenExpiresAt: new Date(at + ACCESS_TTL_S * 1000),
      refreshToken: seal('refresh', shop, REFRESH_TTL_S * 1000),
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

    approve({ shop, state }) {
      requireShop(shop);
      const query = new URLSearchParams({
        code: seal('code', shop, CODE_TTL_MS),
        shop,
        state,
        timestamp: String(Math.floor(now().getTime() / 1000)),
      });
      query.set('hmac', signQuery(query, secret));
      return `${options.callbackPath}?${query.toString()}`;
    },

    async exchangeCode(shop, code) {
      requireShop(shop);
      open('code', shop, code);
      return tokens(shop);
    },

    async refresh(shop, refreshToken) {
      requireShop(shop);
      open('refresh', shop, refreshToken);
      return tokens(shop);
    },

    async graphql(shop, accessToken, query, variables) {
      try {
        open('access', shop, accessToken);
      } catch {
        return {
          status: 401,
          retryAfterSeconds: null,
          body: {
            errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
          },
        };
      }
      return options.catalogue.execute(shop, query, variables);
    },

    uploadStaged(target, file) {
      return options.catalogue.upload(target, file);
    },

    adminProductUrl(shop, productGid) {
      return `${sandboxAdminPath(shop)}#product-${shopifyNumericId(productGid)}`;
    },
  };
}
