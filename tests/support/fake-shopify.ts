/**
 * A local stand-in for Shopify's side of a store connection, speaking the real protocol over HTTP
 * at `http://127.0.0.1:{port}/{shop}` (SHOPIFY_SHOP_ORIGIN `…/{shop}`):
 * - GET  /{shop}/admin/oauth/authorize: the merchant approves; 302 back to `redirect_uri` with
 *   `code`, `host`, `shop`, `state`, `timestamp` and a real hex `hmac` over them;
 * - POST /{shop}/admin/oauth/access_token: the code grant (`expiring=1` gives a 3600 s token and a
 *   refresh token) and the `refresh_token` grant (rotates the refresh token); every call recorded;
 * - POST /{shop}/admin/api/2026-10/graphql.json with `X-Shopify-Access-Token` (401 otherwise):
 *   `stagedUploadsCreate` (targets at /uploads/{id} here, which keep the multipart file's bytes),
 *   `productSet` (updates by `identifier.id`, or upserts by `identifier.handle`: updates the
 *   shop's product with that handle, creates one with it otherwise; as Shopify: a blank title is
 *   refused, a handle given in the input must be free (HANDLE_NOT_UNIQUE), a new product without
 *   one gets its title's handle auto-incremented when taken (`potion`, `potion-1`); lists
 *   replaced wholesale, files kept by id or created from a staged upload's `resourceUrl`),
 *   `product(id:) { media }`, `products(first:, after:)` over the merchant catalogue a test
 *   seeds (fake-shopify-catalogue.ts, images at /cdn/{key}), `productUpdate` (with
 *   `productUpdateMedia` in the same document) on that catalogue; a cost extension on every answer,
 *   and on request a THROTTLED
 *   answer, an HTTP 429, a productSet or productUpdate carried out whose answer is lost (reset or 502), or any
 *   body of the test's choosing (a malformed answer);
 * - signed webhook deliveries (base64 HMAC of the raw body) for the app under test.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeCatalogue, type FakeCatalogue } from './fake-shopify-catalogue.js';

export const FAKE_API_KEY = 'fake-shopify-key';
export const FAKE_API_SECRET = 'fake-shopify-secret-0123456789';

export interface TokenRequest {
  shop: string;
  grant: 'authorization_code' | 'refresh_token';
  body: Record<string, unknown>;
}

export interface FakeMedia {
  id: string;
  bytes: Buffer;
  contentType: string;
  alt: string;
  /** Added by the merchant in Shopify's admin, not by the app. */
  merchant: boolean;
}

/** A product as the fake store holds it: productSet's input (without files) and its media. */
export interface FakeProduct {
  id: string;
  shop: string;
  handle: string;
  input: Record<string, unknown>;
  media: FakeMedia[];
}

export interface GraphqlCall {
  shop: string;
  operation:
    | 'stagedUploadsCreate'
    | 'productSet'
    | 'productUpdate'
    | 'products'
    | 'productsCount'
    | 'bulkOperationRunQuery'
    | 'bulkOperation'
    | 'product'
    | 'other';
  variables: Record<string, unknown>;
  status: number;
  at: number;
}

interface Upload {
  shop: string;
  bytes: Buffer | null;
  contentType: string;
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
  /** The products of a shop, as productSet left them. */
  products(shop: string): FakeProduct[];
  graphqlCalls: GraphqlCall[];
  /**
   * The next `count` GraphQL calls (of `operation` only, when given) answer THROTTLED (HTTP 200,
   * cost extension as Shopify's).
   */
  throttleNext(count: number, operation?: GraphqlCall['operation']): void;
  /** The next GraphQL call answers HTTP 429 with Retry-After. */
  rateLimitNext(retryAfterSeconds: number): void;
  /**
   * The next GraphQL call (of `operation` only, after `skip` of them, when given) answers this
   * HTTP error status (e.g. 500).
   */
  failNext(status: number, operation?: GraphqlCall['operation'], skip?: number): void;
  /** The next productSet answers with this userError. */
  rejectNextProductSet(message: string): void;
  /** The next call of `operation` answers HTTP 200 with this body, as it is. */
  answerNext(operation: GraphqlCall['operation'], body: unknown): void;
  /**
   * The next productSet is carried out, but its answer never arrives: the connection is reset,
   * or a proxy in front answers 502.
   */
  loseNextProductSetAnswer(how: LostAnswer): void;
  /** The same for the next productUpdate. */
  loseNextProductUpdateAnswer(how: LostAnswer): void;
  /** The merchant's catalogue, listed by `products` (seed it, edit it, delete from it). */
  catalogue: Pick<
    FakeCatalogue,
    'seed' | 'edit' | 'remove' | 'product' | 'bulkQueries' | 'failNextBulk'
  >;
  /** The merchant adds an image to the product in Shopify's admin. */
  addMerchantMedia(productId: string, bytes: Buffer): string;
  /** A webhook delivery signed as Shopify signs it (`secret` to forge one). */
  webhook(
    topic: string,
    shop: string,
    payload: unknown,
    options?: { eventId?: string; secret?: string },
  ): { headers: Record<string, string>; payload: string };
  close(): Promise<void>;
}

/** How an answer is lost on its way back. */
export type LostAnswer = 'reset' | 502;

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
  let origin = '';

  const products = new Map<string, FakeProduct>();
  const uploads = new Map<string, Upload>();
  const graphqlCalls: GraphqlCall[] = [];
  const catalogue = createFakeCatalogue();
  let throttled = 0;
  let throttledOperation: GraphqlCall['operation'] | null = null;
  let rateLimit: number | null = null;
  let failure: { status: number; operation: GraphqlCall['operation'] | null; skip: number } | null =
    null;
  let rejectProductSet: string | null = null;
  const lose = new Map<GraphqlCall['operation'], LostAnswer>();
  const scripted = new Map<GraphqlCall['operation'], unknown>();
  let ids = 1000;
  const cost = (currentlyAvailable: number) => ({
    cost: {
      requestedQueryCost: 50,
      actualQueryCost: currentlyAvailable > 0 ? 12 : null,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable, restoreRate: 100 },
    },
  });

  function mediaOf(product: FakeProduct) {
    return { nodes: product.media.map((media) => ({ id: media.id })) };
  }

  function productSet(shop: string, variables: Record<string, unknown>) {
    const userErrors = (message: string, field = ['input'], code = 'INVALID_INPUT') => ({
      productSet: { product: null, userErrors: [{ field, message, code }] },
    });
    if (rejectProductSet) {
      const message = rejectProductSet;
      rejectProductSet = null;
      return userErrors(message);
    }
    const { files, ...input } = variables.input as Record<string, unknown>;
    const identifier = variables.identifier as { id?: string; handle?: string } | undefined;
    const byHandle = (handle: string) =>
      [...products.values()].find((entry) => entry.shop === shop && entry.handle === handle);
    let product = identifier?.id
      ? products.get(identifier.id)
      : identifier?.handle
        ? byHandle(identifier.handle)
        : undefined;
    if (identifier?.id && (!product || product.shop !== shop)) {
      return userErrors('Product does not exist', ['identifier', 'id'], 'PRODUCT_DOES_NOT_EXIST');
    }
    if (typeof input.title !== 'string' || input.title.trim() === '') {
      return userErrors("Title can't be blank", ['input', 'title'], 'INVALID_PRODUCT');
    }
    if (typeof input.handle === 'string') {
      const holder = byHandle(input.handle);
      if (holder && holder !== product) {
        return userErrors(
          `Handle '${input.handle}' already in use. Please provide a new handle.`,
          ['input', 'handle'],
          'HANDLE_NOT_UNIQUE',
        );
      }
    }
    let handle =
      typeof input.handle === 'string' ? input.handle : (product?.handle ?? identifier?.handle);
    if (handle === undefined) {
      const base = input.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      handle = base;
      for (let n = 1; byHandle(handle); n++) handle = `${base}-${n}`;
    }
    if (!product) {
      const id = `gid://shopify/Product/${ids++}`;
      product = { id, shop, handle, input, media: [] };
      products.set(id, product);
    }
    product.handle = handle;
    product.input = input;
    if (Array.isArray(files)) {
      const media: FakeMedia[] = [];
      for (const file of files as Record<string, string>[]) {
        if (file.id) {
          const kept = product.media.find((entry) => entry.id === file.id);
          if (!kept) return userErrors(`File ${file.id} does not exist`);
          media.push(kept);
          continue;
        }
        const key = /\/uploads\/([a-f0-9]+)$/.exec(file.originalSource ?? '')?.[1];
        const upload = key ? uploads.get(key) : undefined;
        if (!upload?.bytes || upload.shop !== shop) {
          return userErrors('Image could not be processed: the staged upload is missing');
        }
        media.push({
          id: `gid://shopify/MediaImage/${ids++}`,
          bytes: upload.bytes,
          contentType: upload.contentType,
          alt: file.alt ?? '',
          merchant: false,
        });
      }
      product.media = media;
    }
    return {
      productSet: {
        product: { id: product.id, handle: product.handle, media: mediaOf(product) },
        userErrors: [],
      },
    };
  }

  const operationOf = (query: string): GraphqlCall['operation'] =>
    /\bstagedUploadsCreate\b/.test(query)
      ? 'stagedUploadsCreate'
      : /\bproductUpdate\s*\(/.test(query)
        ? 'productUpdate'
        : /\bproductSet\b/.test(query)
          ? 'productSet'
          : /\bproducts\s*\(/.test(query)
            ? 'products'
            : /\bproduct\s*\(/.test(query)
              ? 'product'
              : 'other';

  function graphql(shop: string, token: string | undefined, raw: string) {
    const { query = '', variables = {} } = JSON.parse(raw) as {
      query?: string;
      variables?: Record<string, unknown>;
    };
    const operation: GraphqlCall['operation'] = /\bbulkOperationRunQuery\b/.test(query)
      ? 'bulkOperationRunQuery'
      : /\bproductsCount\b/.test(query)
        ? 'productsCount'
        : /\bnode\s*\(/.test(query)
          ? 'bulkOperation'
          : operationOf(query);
    const answer = (
      status: number,
      body: unknown,
      headers: Record<string, string> = {},
      lost: LostAnswer | null = null,
    ) => {
      graphqlCalls.push({ shop, operation, variables, status, at: Date.now() });
      return { status, body, headers, lost };
    };
    if (!token || accessTokens.get(token) !== shop) {
      return answer(401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    const failing = failure !== null && (failure.operation ?? operation) === operation;
    if (failing && failure!.skip > 0) failure!.skip--;
    else if (failing) {
      const { status } = failure!;
      failure = null;
      return answer(status, { errors: 'Internal error' });
    }
    if (rateLimit !== null) {
      const seconds = rateLimit;
      rateLimit = null;
      return answer(
        429,
        { errors: 'Exceeded 2 calls per second for api client.' },
        {
          'retry-after': String(seconds),
        },
      );
    }
    if (throttled > 0 && (throttledOperation === null || throttledOperation === operation)) {
      throttled--;
      return answer(200, {
        errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
        extensions: cost(0),
      });
    }
    if (scripted.has(operation)) {
      const body = scripted.get(operation);
      scripted.delete(operation);
      return answer(200, body);
    }
    let data: unknown;
    if (operation === 'stagedUploadsCreate') {
      const inputs = (variables.input ?? []) as Record<string, string>[];
      const stagedTargets = inputs.map((input) => {
        const key = randomBytes(8).toString('hex');
        uploads.set(key, { shop, bytes: null, contentType: input.mimeType ?? '' });
        const url = `${origin.replace('/{shop}', '')}/uploads/${key}`;
        return {
          url,
          resourceUrl: url,
          parameters: [
            { name: 'Content-Type', value: input.mimeType ?? '' },
            { name: 'key', value: `tmp/${key}/${input.filename ?? 'file'}` },
          ],
        };
      });
      data = { stagedUploadsCreate: { stagedTargets, userErrors: [] } };
    } else if (operation === 'productSet') {
      data = productSet(shop, variables);
    } else if (operation === 'productUpdate') {
      data = {
        ...catalogue.update(shop, variables),
        ...(/\bproductUpdateMedia\s*\(/.test(query) ? catalogue.updateMedia(shop, variables) : {}),
      };
    } else if (operation === 'productsCount') {
      data = catalogue.count(shop);
    } else if (operation === 'bulkOperationRunQuery') {
      data = catalogue.startBulk(shop, String(variables.query ?? ''));
    } else if (operation === 'bulkOperation') {
      data = catalogue.poll(shop, String(variables.id ?? ''), origin.replace('/{shop}', ''));
    } else if (operation === 'products') {
      const page = catalogue.page(shop, variables, origin.replace('/{shop}', ''));
      if ('error' in page) return answer(200, { errors: [{ message: page.error }] });
      data = page.data;
    } else if (operation === 'product') {
      const product = products.get(String(variables.id));
      data = {
        product:
          product && product.shop === shop
            ? {
                id: product.id,
                media: mediaOf(product),
                collections: {
                  nodes: ((product.input.collections ?? []) as string[]).map((id) => ({ id })),
                },
                metafields: { nodes: (product.input.metafields ?? []) as unknown[] },
              }
            : null,
      };
    } else {
      return answer(200, {
        errors: [{ message: 'Unsupported query', extensions: { code: 'UNSUPPORTED' } }],
      });
    }
    const lost = lose.get(operation) ?? null;
    lose.delete(operation);
    return answer(200, { data, extensions: cost(1950) }, {}, lost);
  }

  /** A staged target: the multipart form's `file`, after the target's parameters. */
  async function receiveUpload(key: string, raw: Buffer, type: string | undefined) {
    const upload = uploads.get(key);
    if (!upload) return 404;
    const form = await new Request('http://fake/upload', {
      method: 'POST',
      headers: { 'content-type': type ?? '' },
      body: new Uint8Array(raw),
    }).formData();
    const file = form.get('file');
    if (!(file instanceof Blob) || form.get('key') === null) return 400;
    upload.bytes = Buffer.from(await file.arrayBuffer());
    return 201;
  }

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
      if (request.method === 'POST' && shop === 'uploads') {
        void receiveUpload(
          rest[0] ?? '',
          Buffer.concat(chunks),
          request.headers['content-type'],
        ).then((status) => {
          response.writeHead(status);
          response.end();
        });
        return;
      }
      if (request.method === 'GET' && shop === 'bulk') {
        const file = catalogue.bulkFile(rest[0] ?? '');
        response.writeHead(file === undefined ? 404 : 200, { 'content-type': 'application/jsonl' });
        response.end(file);
        return;
      }
      if (request.method === 'GET' && shop === 'cdn') {
        const bytes = catalogue.image(rest[0] ?? '');
        response.writeHead(bytes ? 200 : 404, { 'content-type': 'image/jpeg' });
        response.end(bytes);
        return;
      }
      if (request.method === 'POST' && path === '/admin/api/2026-10/graphql.json') {
        const token = request.headers['x-shopify-access-token'];
        const outcome = graphql(
          shop,
          typeof token === 'string' ? token : undefined,
          Buffer.concat(chunks).toString('utf8'),
        );
        if (outcome.lost === 'reset') {
          request.socket.destroy();
          return;
        }
        if (outcome.lost === 502) {
          response.writeHead(502, { 'content-type': 'text/html' });
          response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
          return;
        }
        response.writeHead(outcome.status, {
          'content-type': 'application/json',
          ...outcome.headers,
        });
        response.end(JSON.stringify(outcome.body));
        return;
      }
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
  origin = `http://127.0.0.1:${port}/{shop}`;

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
    products: (shop) => [...products.values()].filter((product) => product.shop === shop),
    graphqlCalls,
    catalogue,
    throttleNext(count, operation) {
      throttled = count;
      throttledOperation = operation ?? null;
    },
    rateLimitNext(seconds) {
      rateLimit = seconds;
    },
    failNext(status, operation, skip = 0) {
      failure = { status, operation: operation ?? null, skip };
    },
    rejectNextProductSet(message) {
      rejectProductSet = message;
    },
    answerNext(operation, body) {
      scripted.set(operation, body);
    },
    loseNextProductSetAnswer(how) {
      lose.set('productSet', how);
    },
    loseNextProductUpdateAnswer(how) {
      lose.set('productUpdate', how);
    },
    addMerchantMedia(productId, bytes) {
      const product = products.get(productId);
      if (!product) throw new Error(`no product ${productId}`);
      const id = `gid://shopify/MediaImage/${ids++}`;
      product.media.push({ id, bytes, contentType: 'image/png', alt: 'merchant', merchant: true });
      return id;
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
