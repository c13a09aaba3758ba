/**
 * The sandbox WooCommerce store's catalogue: the REST API v3 calls publishing makes, answered as
 * WooCommerce answers them (`{code, message, data: {status}}` errors, a SKU used once per store,
 * categories and tags in sandbox-terms.ts, names HTML-escaped), over the rows of migration 024
 * (sandbox-records.ts). A sandbox store is a store address as one seller connected it: another
 * seller who types the same address gets a store of their own. Images are kept as the addresses
 * the store was given (a real store would download them; the admin page shows them from there).
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { WooSandboxProduct } from '#domain/api/woocommerce.js';
import { escapeHtml } from '#domain/export-common.js';
import { unescapeHtml } from '#domain/woocommerce-publish.js';
import { slugify } from '#domain/slug.js';
import type { Database } from '../db/schema.js';
import type { WooMethod, WooReply } from './gateway.js';
import {
  createSandboxRecords,
  newId,
  refuse,
  reply,
  type SandboxRecord as Data,
  type SandboxScope,
} from './sandbox-records.js';
import { createSandboxTerms, termNames } from './sandbox-terms.js';

export type { SandboxScope } from './sandbox-records.js';

const imageInput = z.union([
  z.object({ id: z.number() }),
  z.object({ src: z.string(), name: z.string().optional(), alt: z.string().optional() }),
]);
const termRefs = z.array(z.object({ id: z.number() }));
const productInput = z
  .object({
    name: z.string().optional(),
    type: z.enum(['simple', 'variable']).optional(),
    status: z.string().optional(),
    sku: z.string().optional(),
    description: z.string().optional(),
    short_description: z.string().optional(),
    regular_price: z.string().optional(),
    categories: termRefs.optional(),
    tags: termRefs.optional(),
    attributes: z
      .array(z.object({ name: z.string(), options: z.array(z.string()) }).passthrough())
      .optional(),
    images: z.array(imageInput).optional(),
  })
  .passthrough();
const variationInput = z
  .object({
    id: z.number().optional(),
    regular_price: z.string().optional(),
    sku: z.string().optional(),
    attributes: z.array(z.object({ name: z.string(), option: z.string() })).optional(),
  })
  .passthrough();
const batchInput = z.object({
  create: z.array(variationInput).default([]),
  update: z.array(variationInput).default([]),
  delete: z.array(z.number()).default([]),
});

const noRoute = () =>
  refuse(404, 'rest_no_route', 'No route was found matching the URL and request method.');

export function createWooSandboxStore(db: Kysely<Database>, now: () => Date) {
  const records = createSandboxRecords(db, now);
  const { list, find, save } = records;
  const terms = createSandboxTerms(records);

  async function skuTaken(scope: SandboxScope, sku: string | undefined, except: number) {
    if (!sku) return false;
    const all = [...(await list(scope, 'product')), ...(await list(scope, 'variation'))];
    return all.some((record) => record.sku === sku && record.id !== except);
  }

  async function writeProduct(scope: SandboxScope, body: unknown, before: Data | undefined) {
    const parsed = productInput.safeParse(body);
    if (!parsed.success) return refuse(400, 'rest_invalid_param', 'Invalid parameter(s).');
    const input = parsed.data;
    const id = before?.id ?? newId();
    if (await skuTaken(scope, input.sku, id)) {
      return refuse(400, 'product_invalid_sku', 'Invalid or duplicated SKU.', { resource_id: id });
    }
    const oldImages = (before?.images ?? []) as { id: number }[];
    const images = input.images?.map((image) =>
      'id' in image
        ? (oldImages.find((old) => old.id === image.id) ?? { id: image.id, src: '' })
        : { id: newId(), src: image.src, name: image.name ?? '', alt: image.alt ?? '' },
    );
    const name = input.name ?? (before?.name as string | undefined) ?? '';
    const data: Data = {
      ...before,
      ...input,
      id,
      name: escapeHtml(name),
      type: input.type ?? before?.type ?? 'simple',
      status: input.status ?? before?.status ?? 'publish',
      sku: input.sku ?? before?.sku ?? '',
      permalink: `${scope.storeUrl}/product/${slugify(name)}/`,
      // Ids the store does not hold are dropped, as wp_set_object_terms skips them.
      categories: input.categories
        ? await terms.refs(scope, 'categories', input.categories)
        : (before?.categories ?? []),
      tags: input.tags ? await terms.refs(scope, 'tags', input.tags) : (before?.tags ?? []),
      images: images ?? oldImages,
    };
    await save(scope, 'product', data, null);
    return reply(before ? 200 : 201, data);
  }

  async function batch(scope: SandboxScope, product: Data, body: unknown) {
    const parsed = batchInput.safeParse(body);
    if (!parsed.success) return refuse(400, 'rest_invalid_param', 'Invalid parameter(s).');
    const { create, update, delete: remove } = parsed.data;
    if (create.length + update.length + remove.length > 100) {
      return refuse(
        413,
        'woocommerce_rest_request_entity_too_large',
        'Unable to accept more than 100 items for this request.',
      );
    }
    const parentId = String(product.id);
    const out = { create: [] as unknown[], update: [] as unknown[], delete: [] as unknown[] };
    for (const item of create) {
      const data: Data = { ...item, id: newId(), attributes: item.attributes ?? [] };
      if (await skuTaken(scope, item.sku, data.id)) {
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
      await save(scope, 'variation', data, parentId);
      out.create.push(data);
    }
    for (const item of update) {
      const before = await find(scope, 'variation', String(item.id));
      if (!before) {
        out.update.push({
          id: item.id ?? 0,
          error: {
            code: 'woocommerce_rest_product_variation_invalid_id',
            message: 'Invalid ID.',
            data: { status: 400 },
          },
        });
        continue;
      }
      const data: Data = { ...before, ...item, id: before.id };
      await save(scope, 'variation', data, parentId);
      out.update.push(data);
    }
    for (const id of remove) {
      await records.remove(scope, 'variation', String(id));
      out.delete.push({ id });
    }
    return reply(200, out);
  }

  return {
    /** One REST API call for a seller's store whose keys were checked. */
    async handle(
      scope: SandboxScope,
      method: WooMethod,
      path: string,
      body: unknown,
    ): Promise<WooReply> {
      const url = new URL(path, 'http://sandbox.invalid');
      const parts = url.pathname.split('/').filter(Boolean);
      const query = url.searchParams;
      if (parts[0] !== 'products') return noRoute();
      if ((parts[1] === 'categories' || parts[1] === 'tags') && parts.length === 2) {
        return method === 'GET' || method === 'POST'
          ? terms.handle(scope, parts[1], method, query, body)
          : noRoute();
      }
      if (parts.length === 1) {
        if (method === 'POST') return writeProduct(scope, body, undefined);
        const sku = query.get('sku');
        const all = await list(scope, 'product');
        return reply(200, sku === null ? all : all.filter((p) => p.sku === sku));
      }
      const product = await find(scope, 'product', parts[1] ?? '');
      if (!product) return refuse(404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
      if (parts.length === 2)
        return method === 'PUT' ? writeProduct(scope, body, product) : reply(200, product);
      if (parts[2] === 'variations' && parts[3] === 'batch') return batch(scope, product, body);
      if (parts[2] === 'variations' && parts.length === 3 && method === 'GET') {
        const page = Number(query.get('page') ?? '1');
        const perPage = Number(query.get('per_page') ?? '10');
        const all = await list(scope, 'variation', String(product.id));
        return reply(200, all.slice((page - 1) * perPage, page * perPage));
      }
      return noRoute();
    },

    /** What the store holds, newest first, for its test-mode admin page. */
    async products(scope: SandboxScope): Promise<WooSandboxProduct[]> {
      const products = (await list(scope, 'product')).reverse();
      return Promise.all(
        products.map(async (p) => {
          const variations = await list(scope, 'variation', String(p.id));
          return {
            id: String(p.id),
            name: unescapeHtml(String(p.name)),
            sku: String(p.sku ?? ''),
            type: String(p.type),
            status: String(p.status),
            regularPrice: String(p.regular_price ?? ''),
            categories: termNames(p.categories),
            tags: termNames(p.tags),
            variations: variations.map((v) => {
              const options = ((v.attributes ?? []) as { name: string; option: string }[])
                .map((a) => `${a.name}: ${a.option}`)
                .join(' / ');
              return `${options} — ${String(v.regular_price ?? '')}`;
            }),
            images: ((p.images ?? []) as { src: string }[]).map((image) => image.src),
            updatedAt: String(p.date_modified ?? ''),
          };
        }),
      );
    },
  };
}

export type WooSandboxStore = ReturnType<typeof createWooSandboxStore>;
