/**
 * The sandbox store's product listing (issue 25, ADR 044): `products(first:, after:)` answered as
 * Shopify answers it (nodes by id, an opaque cursor, `pageInfo`), so the catalogue import reads
 * the sandbox through the same page reader as a real store. A shop's sample catalogue
 * (sandbox-sample.ts) is added the first time its products are listed, so a new seller has a
 * realistic store to import; its images are kept and served by the sandbox, as published ones.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Database } from '../db/schema.js';
import { loadTaxonomy } from '../vision/index.js';
import {
  MEDIA_GID,
  PRODUCT_GID,
  type SandboxShop,
  type StoredProduct,
} from './sandbox-product-set.js';
import { SANDBOX_SAMPLE, type SampleProduct } from './sandbox-sample.js';

const PAGE_MAX = 250;

/** Stable ids for the sample of a seller's shop: adding it twice adds nothing. */
function sampleId({ sellerId, shop }: SandboxShop, index: number, kind: string): string {
  const hash = createHash('sha256').update(`${sellerId}/${shop}/${kind}/${index}`).digest();
  return String(1e11 + (hash.readUIntBE(0, 6) % 8e11));
}

function sampleData(sample: SampleProduct): StoredProduct {
  const values = sample.option?.values ?? ['Default Title'];
  return {
    title: sample.title,
    handle: sample.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    descriptionHtml: sample.description,
    vendor: 'Sandbox Goods',
    productType: sample.productType,
    ...(sample.category ? { category: sample.category } : {}),
    tags: sample.tags,
    seo: sample.seo ?? { title: '', description: '' },
    // The published status type knows DRAFT and ACTIVE; the sandbox keeps ARCHIVED as well.
    status: (sample.status ?? 'ACTIVE') as StoredProduct['status'],
    productOptions: [
      {
        name: sample.option?.name ?? 'Title',
        position: 1,
        values: values.map((name) => ({ name })),
      },
    ],
    variants: values.map((name) => ({
      optionValues: [{ optionName: sample.option?.name ?? 'Title', name }],
      price: sample.price,
      inventoryPolicy: 'DENY' as const,
    })),
  };
}

const cursorOf = (id: string) => Buffer.from(JSON.stringify({ last_id: id })).toString('base64url');

function afterId(cursor: unknown): string | null {
  if (typeof cursor !== 'string') return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const id = (parsed as { last_id?: unknown } | null)?.last_id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export function createSandboxCatalogue(
  db: Kysely<Database>,
  options: { now: () => Date; mediaUrl: (shop: string, mediaGid: string) => string },
) {
  async function addSample(scope: SandboxShop): Promise<void> {
    const at = options.now().toISOString();
    for (const [index, sample] of SANDBOX_SAMPLE.entries()) {
      const id = `${PRODUCT_GID}${sampleId(scope, index, 'product')}`;
      const inserted = await db
        .insertInto('shopifySandboxProducts')
        .values({
          id,
          sellerId: scope.sellerId,
          shopDomain: scope.shop,
          data: JSON.stringify(sampleData(sample)),
          createdAt: at,
          updatedAt: at,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      // A product-coloured shape on a light ground, as a product shot on white reads; a flat
      // tile would read as no photo at all (Improve takes such a tile for an image not fetched).
      const shot = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="#f8fafc"/><rect x="110" y="90" width="260" height="300" rx="48" fill="${sample.colour}"/></svg>`;
      const bytes = await sharp(Buffer.from(shot)).png().toBuffer();
      await db
        .insertInto('shopifySandboxMedia')
        .values({
          id: `${MEDIA_GID}${sampleId(scope, index, 'media')}`,
          sellerId: scope.sellerId,
          shopDomain: scope.shop,
          productId: id,
          position: 0,
          alt: sample.alt ?? '',
          contentType: 'image/png',
          bytes,
          createdAt: at,
        })
        .execute();
    }
  }

  async function productNode(scope: SandboxShop, row: { id: string; data: string }) {
    const data = JSON.parse(row.data) as StoredProduct;
    const media = await db
      .selectFrom('shopifySandboxMedia')
      .select(['id', 'alt'])
      .where('productId', '=', row.id)
      .orderBy('position')
      .limit(10)
      .execute();
    const category = data.category ? loadTaxonomy().match(data.category) : null;
    return {
      id: row.id,
      handle: data.handle,
      title: data.title,
      descriptionHtml: data.descriptionHtml,
      productType: data.productType,
      status: data.status,
      tags: data.tags,
      category:
        category?.kind === 'id'
          ? { id: data.category, fullName: category.category.fullName }
          : null,
      seo: data.seo,
      media: {
        nodes: media.map((file) => ({
          id: file.id,
          alt: file.alt,
          image: { url: options.mediaUrl(scope.shop, file.id), altText: file.alt || null },
        })),
      },
      options: data.productOptions.map((option) => ({ name: option.name })),
      variants: {
        nodes: data.variants.slice(0, 20).map((variant) => ({
          price: variant.price,
          sku: variant.inventoryItem?.sku ?? '',
          barcode: variant.barcode ?? null,
          selectedOptions: variant.optionValues.map((value) => ({
            name: value.optionName,
            value: value.name,
          })),
        })),
      },
    };
  }

  return {
    /** `productsCount` of the seller's shop (its sample counts once it was listed). */
    async count(scope: SandboxShop) {
      const row = await db
        .selectFrom('shopifySandboxProducts')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('sellerId', '=', scope.sellerId)
        .where('shopDomain', '=', scope.shop)
        .executeTakeFirstOrThrow();
      return { productsCount: { count: Number(row.count) } };
    },

    /** `products(first:, after:)` for the seller's shop, by id as `sortKey: ID` lists them. */
    async page(scope: SandboxShop, variables: Record<string, unknown>) {
      const after = afterId(variables.after);
      if (after === null) await addSample(scope);
      const first = Math.min(PAGE_MAX, Math.max(1, Number(variables.first) || 1));
      const rows = await db
        .selectFrom('shopifySandboxProducts')
        .select(['id', 'data'])
        .where('sellerId', '=', scope.sellerId)
        .where('shopDomain', '=', scope.shop)
        .$if(after !== null, (query) => query.where('id', '>', after!))
        .orderBy('id')
        .limit(first + 1)
        .execute();
      const nodes = await Promise.all(rows.slice(0, first).map((row) => productNode(scope, row)));
      const last = nodes.at(-1);
      return {
        products: {
          nodes,
          pageInfo: {
            hasNextPage: rows.length > first,
            endCursor: last ? cursorOf(last.id) : null,
          },
        },
      };
    },
  };
}
