/**
 * The sandbox eBay (embedded default, no EBAY_CLIENT_ID): eBay's side of the connection, played
 * by Listsmith so a newcomer can connect and list with no eBay account. Its consent page is the
 * SPA's /sandbox/ebay/authorize (marked test mode); Agree sends the browser to the same callback
 * eBay would, with a code. Codes and tokens are signed, self-contained values naming the seller
 * and an expiry (no table): an access token lasts two hours as eBay's do, so expiry and refresh
 * run the same code as with eBay; every call reaches that seller's items and offers only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { EbayGatewayError, type EbayGateway, type EbayReply } from './gateway.js';
import type { EbaySandboxStore } from './sandbox-store.js';

export const SANDBOX_CONSENT_PATH = '/sandbox/ebay/authorize';
export const SANDBOX_LISTINGS_PATH = '/sandbox/ebay/listings';

const ACCESS_TTL_S = 7200;
const REFRESH_TTL_S = 47_304_000;
const CODE_TTL_S = 300;

const claimsSchema = z.object({
  s: z.string().min(1),
  k: z.enum(['code', 'access', 'refresh']),
  e: z.number(),
  n: z.string(),
});
type Claims = z.infer<typeof claimsSchema>;

export interface SandboxGateway extends EbayGateway {
  /** What Agree on the sandbox's consent page does for the signed-in seller: where to go next. */
  approve(sellerId: string, state: string): string;
}

const invalidToken: EbayReply = {
  status: 401,
  retryAfterSeconds: null,
  body: {
    errors: [
      {
        errorId: 1001,
        domain: 'OAuth',
        category: 'REQUEST',
        message: 'Invalid access token',
        longMessage:
          'Invalid access token. Check the value of the Authorization HTTP request header.',
      },
    ],
  },
};

export function createSandboxGateway(options: {
  secret: Buffer;
  store: EbaySandboxStore;
  callbackPath: string;
  now: () => Date;
}): SandboxGateway {
  const { secret, store, now } = options;
  const mac = (body: string) => createHmac('sha256', secret).update(body).digest('base64url');
  const seconds = () => Math.floor(now().getTime() / 1000);

  function sign(sellerId: string, kind: Claims['k'], ttl: number): string {
    const claims: Claims = {
      s: sellerId,
      k: kind,
      e: seconds() + ttl,
      n: randomBytes(6).toString('hex'),
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `v^1.${body}.${mac(body)}`;
  }

  /** The claims of a value we signed, of that kind and not expired; else null. */
  function open(value: string, kind: Claims['k']): Claims | null {
    const [version, body = '', given = '', extra] = value.split('.');
    if (version !== 'v^1' || extra !== undefined) return null;
    const expected = Buffer.from(mac(body));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    try {
      const claims = claimsSchema.parse(
        JSON.parse(Buffer.from(body, 'base64url').toString('utf8')),
      );
      return claims.k === kind && claims.e > seconds() ? claims : null;
    } catch {
      return null;
    }
  }

  function tokens(sellerId: string, withRefresh: boolean) {
    const at = now().getTime();
    return {
      accessToken: sign(sellerId, 'access', ACCESS_TTL_S),
      accessTokenExpiresAt: new Date(at + ACCESS_TTL_S * 1000),
      refreshToken: withRefresh ? sign(sellerId, 'refresh', REFRESH_TTL_S) : null,
      refreshTokenExpiresAt: withRefresh ? new Date(at + REFRESH_TTL_S * 1000) : null,
    };
  }

  return {
    kind: 'sandbox',

    consentUrl(state) {
      return `${SANDBOX_CONSENT_PATH}?${new URLSearchParams({ state }).toString()}`;
    },

    approve(sellerId, state) {
      const query = new URLSearchParams({ state, code: sign(sellerId, 'code', CODE_TTL_S) });
      return `${options.callbackPath}?${query.toString()}`;
    },

    async exchangeCode(code) {
      const claims = open(code, 'code');
      if (!claims) throw new EbayGatewayError('invalid_grant', true);
      return tokens(claims.s, true);
    },

    async refresh(refreshToken) {
      const claims = open(refreshToken, 'refresh');
      if (!claims) throw new EbayGatewayError('invalid_grant', true);
      return tokens(claims.s, false);
    },

    async request(accessToken, method, path, body) {
      const claims = open(accessToken, 'access');
      if (!claims) return invalidToken;
      return store.handle(claims.s, method, path, body);
    },

    listingUrl(listingId) {
      return `${SANDBOX_LISTINGS_PATH}#listing-${encodeURIComponent(listingId)}`;
    },

    draftUrl(sku) {
      return `${SANDBOX_LISTINGS_PATH}#sku-${encodeURIComponent(sku)}`;
    },
  };
}
