/**
 * A local stand-in for Shopify's side of a store connection, speaking the real protocol over HTTP
 * at `http://127.0.0.1:{port}/{shop}` (SHOPIFY_SHOP_ORIGIN `…/{shop}`):
 * - GET  /{shop}/admin/oauth/authorize: the merchant approves; 302 back to `redirect_uri` with
 *   `code`, `host`, `shop`, `state`, `timestamp` and a real hex `hmac` over them;
 * - POST /{shop}/admin/oauth/access_token: the code grant (`expiring=1` gives a 3600 s token and a
 *   refresh token) and the `refresh_token` grant (rotates the refresh token); every call recorded;
 * - signed webhook deliveries (base64 HMAC of the raw body) for the app under test.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_API_KEY = 'fake-shopify-key';
export const FAKE_API_SECRET = 'fake-shopify-secret-0123456789';

export interface TokenRequest {
  shop: string;
  grant: 'authorization_code' | 'refresh_token';
  body: Record<string, unknown>;
}

interface Grant {
  shop: string;
  used: boolean;
}

export interface FakeShopify {
  /** SHOPIFY_SHOP_ORIGIN for the app. */
  origin: string;
  env: Record<string, string>;
  tokenRequests: TokenRequest[];
  /** Access tokens handed out and still valid, by token. */
  accessTokens: Map<string, string>;
  /** Follows an authorize URL as the merchant's Install would; returns the callback URL. */
  approve(authorizeUrl: string, options?: { timestamp?: number }): Promise<string>;
  /** Shopify stops accepting the shop's refresh tokens (the merchant removed the app). */
  revoke(shop: string): void;
  /** A webhook delivery signed as Shopify signs it (`secret` to forge one). */
  webhook(
    topic: string,
    shop: string,
    payload: unknown,
    options?: { eventId?: string; secret?: string },
  ): { headers: Record<string, string>; payload: string };
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export function signedQuery(params: Record<string, string>, secret: string): URLSearchParams {
  const query = new URLSearchParams(params);
  const message = [...query.keys()]
    .sort()
    .map((key) => `${key}=${query.get(key)}`)
    .join('&');
  query.set('hmac', createHmac('sha256', secret).update(message).digest('hex'));
  return query;
}

export async function startFakeShopify(): Promise<FakeShopify> {
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, string>();
  const revoked = new Set<string>();
  const tokenRequests: TokenRequest[] = [];

  function json(response: http.ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  function issue(shop: string, expiring: boolean) {
    const accessToken = token('shpat');
    accessTokens.set(accessToken, shop);
    if (!expiring) return { access_token: accessToken, scope: 'write_products' };
    const refreshToken = token('shprt');
    refreshTokens.set(refreshToken, { shop, used: false });
    return {
      access_token: accessToken,
      scope: 'write_products',
      expires_in: 3600,
      refresh_token: refreshToken,
      refresh_token_expires_in: 7776000,
    };
  }

  function tokenEndpoint(shop: string, raw: string, type: string | undefined) {
    const body: Record<string, unknown> = type?.includes('application/json')
      ? (JSON.parse(raw) as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(raw));
    const grant = body.grant_type === 'refresh_token' ? 'refresh_token' : 'authorization_code';
    tokenRequests.push({ shop, grant, body });
    if (body.client_id !== FAKE_API_KEY || body.client_secret !== FAKE_API_SECRET) {
      return { status: 401, body: { errors: '[API] Invalid API key or access token' } };
    }
    const invalid = { status: 400, body: { error: 'invalid_grant' } };
    if (grant === 'refresh_token') {
      const entry = refreshTokens.get(String(body.refresh_token));
      if (!entry || entry.used || entry.shop !== shop || revoked.has(shop)) return invalid;
      entry.used = true;
      return { status: 200, body: issue(shop, true) };
    }
    const entry = codes.get(String(body.code));
    if (!entry || entry.used || entry.shop !== shop) return invalid;
    entry.used = true;
    return { status: 200, body: issue(shop, String(body.expiring) === '1') };
  }

  let nextTimestamp: number | undefined;

  /** The merchant clicks Install: back to the app with a code and a signed query. */
  function authorize(shop: string, params: URLSearchParams) {
    if (params.get('client_id') !== FAKE_API_KEY) return { error: 'Unknown client_id' };
    const redirectUri = params.get('redirect_uri');
    const state = params.get('state');
    if (!redirectUri || !state) return { error: 'redirect_uri and state are required' };
    const code = randomBytes(16).toString('hex');
    codes.set(code, { shop, used: false });
    const timestamp = nextTimestamp ?? Math.floor(Date.now() / 1000);
    nextTimestamp = undefined;
    const query = signedQuery(
      {
        code,
        host: Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url'),
        shop,
        state,
        timestamp: String(timestamp),
      },
      FAKE_API_SECRET,
    );
    return { location: `${redirectUri}?${query.toString()}` };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const [, shop = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      if (request.method === 'GET' && path === '/admin/oauth/authorize') {
        const outcome = authorize(shop, url.searchParams);
        if (outcome.location) {
          response.writeHead(302, { location: outcome.location });
          response.end();
        } else json(response, 400, { errors: outcome.error });
        return;
      }
      if (request.method === 'POST' && path === '/admin/oauth/access_token') {
        const outcome = tokenEndpoint(
          shop,
          Buffer.concat(chunks).toString('utf8'),
          request.headers['content-type'],
        );
        json(response, outcome.status, outcome.body);
        return;
      }
      json(response, 404, { errors: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}/{shop}`;

  return {
    origin,
    env: {
      SHOPIFY_API_KEY: FAKE_API_KEY,
      SHOPIFY_API_SECRET: FAKE_API_SECRET,
      SHOPIFY_SHOP_ORIGIN: origin,
    },
    tokenRequests,
    accessTokens,
    async approve(authorizeUrl, options = {}) {
      nextTimestamp = options.timestamp;
      const response = await fetch(authorizeUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) {
        throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
      }
      return location;
    },
    revoke(shop) {
      revoked.add(shop);
      for (const [value, owner] of accessTokens) if (owner === shop) accessTokens.delete(value);
    },
    webhook(topic, shop, payload, options = {}) {
      const body = JSON.stringify(payload);
      const hmac = createHmac('sha256', options.secret ?? FAKE_API_SECRET)
        .update(body)
        .digest('base64');
      return {
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': topic,
          'x-shopify-shop-domain': shop,
          'x-shopify-hmac-sha256': hmac,
          'x-shopify-event-id': options.eventId ?? randomBytes(8).toString('hex'),
          'x-shopify-api-version': '2026-10',
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
