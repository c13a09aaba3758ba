/**
 * A local stand-in for WooCommerce stores, speaking the real protocol over HTTP at
 * `http://127.0.0.1:{port}/{store}` (WordPress in a folder; several stores per fake):
 * - GET /{store}/wc-auth/v1/authorize?app_name&scope&user_id&return_url&callback_url: what the
 *   merchant's Approve does is `approve(authorizeUrl, post)`: keys `ck_`/`cs_` + 40 hex made, POSTed
 *   as JSON (key_id, user_id, consumer_key, consumer_secret, key_permissions) to `callback_url`,
 *   deleted again unless the callback answered 200 (class-wc-auth.php), and the return address
 *   with `success=1&user_id=…`;
 * - REST API v3 under /{store}/wp-json/wc/v3 with HTTP Basic auth (401
 *   `woocommerce_rest_authentication_error` for an unknown or revoked key): products (list with
 *   `sku`, get, create, update; a SKU used once per store: `product_invalid_sku`), variations
 *   (list, batch create/update/delete, at most 100), categories and tags (search, create,
 *   `term_exists` with `resource_id`: fake-woocommerce-terms.ts; a product answers its own as
 *   `{id, name}` for the ids the store holds); every error `{code, message, data: {status}}`;
 * - images given by `src` are downloaded through `fetchImage` (the app under test) and their
 *   bytes kept; one that cannot be fetched is `woocommerce_product_image_upload_error`;
 * - on request: the next N calls answered 429 (Retry-After 0), or the next write carried out and
 *   its answer lost (the connection reset).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { escape, fakeTerms, type FakeTerm } from './fake-woocommerce-terms.js';

export type { FakeTerm } from './fake-woocommerce-terms.js';

export interface FakeImage {
  id: number;
  src: string;
  bytes: Buffer | null;
  merchant: boolean;
}

export interface FakeWooProduct {
  id: number;
  store: string;
  body: Record<string, unknown>;
  images: FakeImage[];
  variations: { id: number; body: Record<string, unknown> }[];
}

export interface WooCall {
  store: string;
  method: string;
  path: string;
  status: number;
}

export interface FakeWooCommerce {
  origin: string;
  /** WOOCOMMERCE_STORES=live, so the app reaches this fake. */
  env: Record<string, string>;
  storeUrl(store: string): string;
  /** The merchant's Approve: keys posted to the callback through `post`; the return address. */
  approve(
    authorizeUrl: string,
    post: (url: string, body: unknown) => Promise<number>,
  ): Promise<{ returnUrl: string | null; callbackStatus: number; body: Record<string, unknown> }>;
  /** Downloads an image address (set by the test: the app under test serves them). */
  fetchImage: (src: string) => Promise<{ status: number; bytes: Buffer }>;
  products(store: string): FakeWooProduct[];
  categories(store: string): FakeTerm[];
  tags(store: string): FakeTerm[];
  /** The merchant makes a tag in WooCommerce's admin. */
  addTag(store: string, name: string): FakeTerm;
  calls: WooCall[];
  /** The merchant revokes every key of the store (WooCommerce › Settings › REST API). */
  revoke(store: string): void;
  /** The next `count` REST calls answer 429 with Retry-After: 0. */
  throttleNext(count: number): void;
  /** The next POST/PUT to a products path is carried out, then the connection is reset. */
  loseNextWriteAnswer(): void;
  /** The merchant adds an image of their own to the product in WooCommerce's admin. */
  addMerchantImage(store: string, productId: number, src: string): void;
  close(): Promise<void>;
}

const error = (status: number, code: string, message: string, extra: object = {}) => ({
  status,
  body: { code, message, data: { status, ...extra } },
});

export async function startFakeWooCommerce(): Promise<FakeWooCommerce> {
  let nextId = 100;
  const keys = new Map<string, { store: string; secret: string }>();
  const products: FakeWooProduct[] = [];
  const terms = fakeTerms(() => nextId++);
  const calls: WooCall[] = [];
  let throttled = 0;
  let loseNext = false;
  let origin = '';

  const fake = {
    fetchImage: async (_src: string): Promise<{ status: number; bytes: Buffer }> => ({
      status: 404,
      bytes: Buffer.alloc(0),
    }),
  };

  async function images(
    input: unknown[] | undefined,
    before: FakeImage[],
  ): Promise<FakeImage[] | { status: number; body: unknown }> {
    if (input === undefined) return before;
    const out: FakeImage[] = [];
    for (const raw of input as { id?: number; src?: string }[]) {
      if (typeof raw.id === 'number') {
        const kept = before.find((image) => image.id === raw.id);
        if (!kept)
          return error(
            400,
            'woocommerce_product_invalid_image_id',
            `#${raw.id} is an invalid image ID.`,
          );
        out.push(kept);
        continue;
      }
      const src = String(raw.src ?? '');
      const fetched = await fake
        .fetchImage(src)
        .catch(() => ({ status: 0, bytes: Buffer.alloc(0) }));
      if (fetched.status !== 200) {
        return error(
          400,
          'woocommerce_product_image_upload_error',
          `Error getting remote image ${src}. Error: Not Found`,
        );
      }
      out.push({ id: nextId++, src, bytes: fetched.bytes, merchant: false });
    }
    return out;
  }

  const productReply = (product: FakeWooProduct) => ({
    ...product.body,
    id: product.id,
    name: escape(String(product.body.name ?? '')),
    sku: String(product.body.sku ?? ''),
    type: String(product.body.type ?? 'simple'),
    permalink: `${origin}/${product.store}/product/${product.id}/`,
    categories: terms.refs(product.store, 'categories', product.body.categories),
    tags: terms.refs(product.store, 'tags', product.body.tags),
    images: product.images.map((image) => ({ id: image.id, src: image.src })),
  });

  async function rest(store: string, method: string, path: string, body: Record<string, unknown>) {
    const url = new URL(path, 'http://x');
    const parts = url.pathname.split('/').filter(Boolean);
    const q = url.searchParams;
    const mine = products.filter((p) => p.store === store);
    const skuTaken = (sku: unknown, except: number) =>
      typeof sku === 'string' &&
      sku !== '' &&
      mine.some(
        (p) =>
          (p.id !== except && p.body.sku === sku) ||
          p.variations.some((v) => v.id !== except && v.body.sku === sku),
      );
    if (parts[0] !== 'products')
      return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
    if ((parts[1] === 'categories' || parts[1] === 'tags') && parts.length === 2) {
      return terms.handle(store, parts[1], method, q, body);
    }
    if (parts.length === 1) {
      if (method === 'GET') {
        const sku = q.get('sku');
        return {
          status: 200,
          body: mine.filter((p) => sku === null || p.body.sku === sku).map(productReply),
        };
      }
      if (!String(body.name ?? '').trim())
        return error(400, 'woocommerce_rest_product_invalid_name', 'Product name is required.');
      if (skuTaken(body.sku, -1))
        return error(400, 'product_invalid_sku', 'Invalid or duplicated SKU.');
      const got = await images(body.images as unknown[] | undefined, []);
      if (!Array.isArray(got)) return got;
      const { images: _images, ...rest } = body;
      const product: FakeWooProduct = {
        id: nextId++,
        store,
        body: rest,
        images: got,
        variations: [],
      };
      products.push(product);
      return { status: 201, body: productReply(product) };
    }
    const product = mine.find((p) => String(p.id) === parts[1]);
    if (!product) return error(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
    if (parts.length === 2 && method === 'GET') return { status: 200, body: productReply(product) };
    if (parts.length === 2 && method === 'PUT') {
      if (skuTaken(body.sku, product.id))
        return error(400, 'product_invalid_sku', 'Invalid or duplicated SKU.');
      const got = await images(body.images as unknown[] | undefined, product.images);
      if (!Array.isArray(got)) return got;
      const { images: _images, ...rest } = body;
      product.body = { ...product.body, ...rest };
      product.images = got;
      return { status: 200, body: productReply(product) };
    }
    if (parts[2] === 'variations' && parts.length === 3 && method === 'GET') {
      const page = Number(q.get('page') ?? 1);
      const perPage = Number(q.get('per_page') ?? 10);
      const slice = product.variations.slice((page - 1) * perPage, page * perPage);
      return { status: 200, body: slice.map((v) => ({ ...v.body, id: v.id })) };
    }
    if (parts[2] === 'variations' && parts[3] === 'batch' && method === 'POST') {
      const create = (body.create ?? []) as Record<string, unknown>[];
      const update = (body.update ?? []) as Record<string, unknown>[];
      const remove = (body.delete ?? []) as number[];
      if (create.length + update.length + remove.length > 100) {
        return error(
          413,
          'woocommerce_rest_request_entity_too_large',
          'Unable to accept more than 100 items for this request.',
        );
      }
      const out = { create: [] as unknown[], update: [] as unknown[], delete: [] as unknown[] };
      for (const item of create) {
        if (skuTaken(item.sku, -1)) {
          out.create.push({
            id: 0,
            error: {
              code: 'product_invalid_sku',
              message: 'Invalid or duplicated SKU.',
              data: { status: 400 },
            },
          });
          continue;
        }
        const variation = { id: nextId++, body: item };
        product.variations.push(variation);
        out.create.push({ ...item, id: variation.id });
      }
      for (const item of update) {
        const variation = product.variations.find((v) => v.id === item.id);
        if (!variation) {
          out.update.push({
            id: item.id,
            error: {
              code: 'woocommerce_rest_product_variation_invalid_id',
              message: 'Invalid ID.',
              data: { status: 400 },
            },
          });
          continue;
        }
        const { id: _id, ...fields } = item;
        variation.body = { ...variation.body, ...fields };
        out.update.push({ ...variation.body, id: variation.id });
      }
      for (const id of remove) {
        product.variations = product.variations.filter((v) => v.id !== id);
        out.delete.push({ id });
      }
      return { status: 200, body: out };
    }
    return error(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', origin);
        const [, store = '', ...segments] = url.pathname.split('/');
        const sub = `/${segments.join('/')}`;
        const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          response.writeHead(status, {
            'content-type': 'application/json; charset=UTF-8',
            ...headers,
          });
          response.end(JSON.stringify(body));
        };
        if (!sub.startsWith('/wp-json/wc/v3/'))
          return send(404, { code: 'rest_no_route', message: 'No route', data: { status: 404 } });
        const path = `${sub.slice('/wp-json/wc/v3'.length)}${url.search}`;
        const method = request.method ?? 'GET';
        const record = (status: number) => calls.push({ store, method, path, status });
        if (throttled > 0) {
          throttled--;
          record(429);
          return send(
            429,
            {
              code: 'woocommerce_rest_too_many_requests',
              message: 'Too many requests.',
              data: { status: 429 },
            },
            { 'retry-after': '0' },
          );
        }
        const auth = request.headers.authorization ?? '';
        const [user = '', pass = ''] = Buffer.from(auth.replace(/^Basic /, ''), 'base64')
          .toString('utf8')
          .split(':');
        const key = keys.get(user);
        if (!auth.startsWith('Basic ') || !key || key.store !== store || key.secret !== pass) {
          record(401);
          return send(401, {
            code: 'woocommerce_rest_authentication_error',
            message: 'Consumer key is invalid.',
            data: { status: 401 },
          });
        }
        let body: Record<string, unknown> = {};
        try {
          body =
            chunks.length > 0
              ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
              : {};
        } catch {
          return send(400, {
            code: 'rest_invalid_json',
            message: 'Invalid JSON body passed.',
            data: { status: 400 },
          });
        }
        const result = await rest(store, method, path, body);
        record(result.status);
        if (
          loseNext &&
          method !== 'GET' &&
          /^\/products(\/\d+)?$/.test(
            url.pathname.slice(url.pathname.indexOf('/wp-json/wc/v3') + 14),
          ) &&
          result.status < 300
        ) {
          loseNext = false;
          request.socket.destroy();
          return;
        }
        send(result.status, result.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    env: { WOOCOMMERCE_STORES: 'live' },
    storeUrl: (store) => `${origin}/${store}`,
    get fetchImage() {
      return fake.fetchImage;
    },
    set fetchImage(fetcher) {
      fake.fetchImage = fetcher;
    },
    async approve(authorizeUrl, post) {
      const url = new URL(authorizeUrl);
      const store = url.pathname.split('/')[1] ?? '';
      const q = url.searchParams;
      if (url.pathname !== `/${store}/wc-auth/v1/authorize` || q.get('scope') !== 'read_write') {
        throw new Error(`not an authorize address: ${authorizeUrl}`);
      }
      const consumerKey = `ck_${randomBytes(20).toString('hex')}`;
      const body = {
        key_id: nextId++,
        user_id: q.get('user_id'),
        consumer_key: consumerKey,
        consumer_secret: `cs_${randomBytes(20).toString('hex')}`,
        key_permissions: 'read_write',
      };
      keys.set(consumerKey, { store, secret: body.consumer_secret });
      const callbackStatus = await post(q.get('callback_url') ?? '', body);
      if (callbackStatus !== 200) {
        keys.delete(consumerKey);
        return { returnUrl: null, callbackStatus, body };
      }
      const back = new URL(q.get('return_url') ?? '');
      back.searchParams.set('success', '1');
      back.searchParams.set('user_id', String(body.user_id));
      return { returnUrl: back.toString(), callbackStatus, body };
    },
    products: (store) => products.filter((p) => p.store === store),
    categories: (store) => terms.list(store, 'categories'),
    tags: (store) => terms.list(store, 'tags'),
    addTag: (store, name) => terms.add(store, 'tags', name),
    calls,
    revoke(store) {
      for (const [key, entry] of keys) if (entry.store === store) keys.delete(key);
    },
    throttleNext(count) {
      throttled = count;
    },
    loseNextWriteAnswer() {
      loseNext = true;
    },
    addMerchantImage(store, productId, src) {
      const product = products.find((p) => p.store === store && p.id === productId);
      product?.images.push({ id: nextId++, src, bytes: null, merchant: true });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
