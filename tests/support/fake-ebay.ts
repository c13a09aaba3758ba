/**
 * A local stand-in for eBay, speaking its REST APIs over HTTP (ADR 049):
 * - the consent page of the authorization-code grant is `approve(authorizeUrl)`: checks the
 *   client id, the RuName as `redirect_uri`, `response_type=code` and the scopes, and answers the
 *   accept URL with `state`, a one-time `code` and `expires_in`;
 * - POST /identity/v1/oauth2/token with the client credentials as HTTP Basic: the code grant
 *   (access token for 7200 s, refresh token) and the refresh grant (`invalid_grant` once the
 *   refresh token was revoked);
 * - every other call wants `Authorization: Bearer` with a current access token (401 errorId
 *   1001 'Invalid access token' for an expired or unknown one) and answers errors as
 *   `{errors: [{errorId, domain, category, message}]}`;
 * - Inventory: PUT inventory_item/{sku}, GET offer?sku= (404 25713 without offers), POST offer
 *   (25002 'Offer entity already exists' for a SKU's second offer), PUT offer/{id}, POST
 *   offer/{id}/publish (25002 for a required aspect missing), GET location; bodies checked
 *   against the OpenAPI document's shapes (fake-ebay-schemas.ts); Content-Language required on
 *   writes; Account: the three policy lists; Taxonomy: tree id, suggestions, aspects;
 * - on request: the next N calls answered 429 with Retry-After: 0, access tokens expired, refresh
 *   tokens revoked, or the next createOffer carried out and its answer lost.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inventory, taxonomy } from './fake-ebay-apis.js';
import { fail, POLICIES, type Answer, type Seller } from './fake-ebay-schemas.js';

export const FAKE_EBAY = {
  clientId: 'Listsmit-app-PRD-1234',
  secret: 'PRD-secret',
  ruName: 'Listsmith-RuName',
};

export interface EbayCall {
  method: string;
  path: string;
  status: number;
  body: Record<string, unknown> | null;
}

export interface FakeEbay {
  origin: string;
  env: Record<string, string>;
  /** The seller agrees on eBay's consent page: where eBay sends the browser back. */
  approve(authorizeUrl: string): string;
  seller(index?: number): Seller;
  calls: EbayCall[];
  throttleNext(count: number): void;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  loseNextOfferCreate(): void;
  close(): Promise<void>;
}

export async function startFakeEbay(appUrl: string): Promise<FakeEbay> {
  const sellers: Seller[] = [];
  const codes = new Map<string, number>();
  const access = new Map<string, { seller: number; expired: boolean }>();
  const refresh = new Map<string, { seller: number; revoked: boolean }>();
  const calls: EbayCall[] = [];
  let throttled = 0;
  let loseOffer = false;
  let nextId = 5_000_000;
  const ids = { next: () => nextId++ };

  function issue(seller: number, withRefresh: boolean) {
    const token = `v^1.1#i^1#${randomBytes(12).toString('hex')}`;
    access.set(token, { seller, expired: false });
    const out: Record<string, unknown> = {
      access_token: token,
      expires_in: 7200,
      token_type: 'User Access Token',
    };
    if (withRefresh) {
      const refreshToken = `v^1.1#r^1#${randomBytes(12).toString('hex')}`;
      refresh.set(refreshToken, { seller, revoked: false });
      Object.assign(out, { refresh_token: refreshToken, refresh_token_expires_in: 47_304_000 });
    }
    return out;
  }

  function token(headers: http.IncomingHttpHeaders, form: URLSearchParams): Answer {
    const basic = Buffer.from(`${FAKE_EBAY.clientId}:${FAKE_EBAY.secret}`).toString('base64');
    if (headers.authorization !== `Basic ${basic}`) {
      return {
        status: 401,
        body: { error: 'invalid_client', error_description: 'client authentication failed' },
      };
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const seller = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (seller === undefined || form.get('redirect_uri') !== FAKE_EBAY.ruName) {
        return {
          status: 400,
          body: {
            error: 'invalid_grant',
            error_description:
              'the provided authorization grant code is invalid or was issued to another client',
          },
        };
      }
      return { status: 200, body: issue(seller, true) };
    }
    if (grant === 'refresh_token') {
      const entry = refresh.get(form.get('refresh_token') ?? '');
      if (!entry || entry.revoked) {
        return {
          status: 400,
          body: {
            error: 'invalid_grant',
            error_description:
              'the provided authorization refresh token is invalid or was issued to another client',
          },
        };
      }
      return { status: 200, body: issue(entry.seller, false) };
    }
    return { status: 400, body: { error: 'unsupported_grant_type' } };
  }

  function api(
    method: string,
    url: URL,
    headers: http.IncomingHttpHeaders,
    body: Record<string, unknown>,
  ): Answer {
    const bearer = (headers.authorization ?? '').replace(/^Bearer /, '');
    const entry = access.get(bearer);
    if (!entry || entry.expired) {
      return {
        status: 401,
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
    }
    const seller = sellers[entry.seller]!;
    if (url.pathname.startsWith('/commerce/taxonomy/v1/') && method === 'GET') return taxonomy(url);
    if (url.pathname.startsWith('/sell/account/v1/') && method === 'GET') {
      if (url.searchParams.get('marketplace_id') !== 'EBAY_US')
        return fail(400, 20401, 'Missing field marketplaceId.', 'API_ACCOUNT');
      const kind = url.pathname.split('/').at(-1);
      if (kind === 'fulfillment_policy')
        return { status: 200, body: { total: 1, fulfillmentPolicies: POLICIES.fulfillment } };
      if (kind === 'payment_policy')
        return { status: 200, body: { total: 1, paymentPolicies: POLICIES.payment } };
      if (kind === 'return_policy')
        return { status: 200, body: { total: 1, returnPolicies: POLICIES.returns } };
    }
    if (url.pathname.startsWith('/sell/inventory/v1/')) {
      return inventory(ids, seller, method, url, body, headers['content-language'] === 'en-US');
    }
    return fail(404, 2002, 'Resource not found.', 'API');
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake.invalid');
      const method = request.method ?? 'GET';
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (answer: Answer, extra: Record<string, string> = {}) => {
        response.writeHead(answer.status, { 'content-type': 'application/json', ...extra });
        response.end(answer.body === null ? '' : JSON.stringify(answer.body));
      };
      let parsed: Record<string, unknown> | null = null;
      if (url.pathname === '/identity/v1/oauth2/token') {
        const answer = token(request.headers, new URLSearchParams(text));
        calls.push({ method, path: url.pathname, status: answer.status, body: null });
        return send(answer);
      }
      try {
        parsed = text === '' ? null : (JSON.parse(text) as Record<string, unknown>);
      } catch {
        return send(fail(400, 2004, 'Could not serialize the request body.'));
      }
      const path = `${url.pathname}${url.search}`;
      if (throttled > 0) {
        throttled--;
        calls.push({ method, path, status: 429, body: parsed });
        return send(
          fail(
            429,
            2001,
            'Too many requests. The request limit has been reached for the resource.',
          ),
          { 'retry-after': '0' },
        );
      }
      const answer = api(method, url, request.headers, parsed ?? {});
      calls.push({ method, path, status: answer.status, body: parsed });
      if (
        loseOffer &&
        method === 'POST' &&
        url.pathname === '/sell/inventory/v1/offer' &&
        answer.status === 201
      ) {
        loseOffer = false;
        request.socket.destroy();
        return;
      }
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    env: {
      EBAY_CLIENT_ID: FAKE_EBAY.clientId,
      EBAY_CLIENT_SECRET: FAKE_EBAY.secret,
      EBAY_RU_NAME: FAKE_EBAY.ruName,
      EBAY_API_ORIGIN: origin,
      EBAY_AUTH_ORIGIN: origin,
    },
    approve(authorizeUrl) {
      const url = new URL(authorizeUrl);
      const q = url.searchParams;
      if (
        url.origin !== origin ||
        url.pathname !== '/oauth2/authorize' ||
        q.get('client_id') !== FAKE_EBAY.clientId ||
        q.get('redirect_uri') !== FAKE_EBAY.ruName ||
        q.get('response_type') !== 'code' ||
        !(q.get('scope') ?? '')
          .split(' ')
          .includes('https://api.ebay.com/oauth/api_scope/sell.inventory')
      ) {
        throw new Error(`not a consent address: ${authorizeUrl}`);
      }
      sellers.push({ items: new Map(), offers: [] });
      const code = `v^1.1#c^1#${randomBytes(12).toString('hex')}`;
      codes.set(code, sellers.length - 1);
      const back = new URLSearchParams({ state: q.get('state') ?? '', code, expires_in: '299' });
      return `${appUrl}/api/ebay/callback?${back.toString()}`;
    },
    seller: (index = sellers.length - 1) => sellers[index]!,
    calls,
    throttleNext(count) {
      throttled = count;
    },
    expireAccessTokens() {
      for (const entry of access.values()) entry.expired = true;
    },
    revokeRefreshTokens() {
      for (const entry of refresh.values()) entry.revoked = true;
    },
    loseNextOfferCreate() {
      loseOffer = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
