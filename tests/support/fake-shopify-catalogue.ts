/**
 * The fake Shopify's merchant catalogue (fake-shopify.ts): products a test puts in a shop, listed
 * by `products(first:, after:)` as the Admin API lists them: by id, an opaque cursor per node,
 * `pageInfo { hasNextPage endCursor }`, `first` at most 250; counted by `productsCount`; and
 * exported by a bulk operation (`bulkOperationRunQuery`, then `node(id:)` answers RUNNING once
 * and COMPLETED after, with the JSONL at /bulk/{key}: each product, then its media and variants
 * with `__parentId`). Images are served at /cdn/{key}, as a store's CDN serves them.
 */
import { randomBytes } from 'node:crypto';

/** A product as a test seeds it; unset fields read as a thin catalogue has them (empty). */
export interface CatalogueSeed {
  title: string;
  handle?: string;
  descriptionHtml?: string;
  productType?: string;
  status?: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  tags?: string[];
  category?: { id: string; fullName: string };
  seo?: { title: string | null; description: string | null };
  images?: { bytes: Buffer; altText?: string }[];
  options?: string[];
  variants?: {
    price: string;
    sku?: string;
    barcode?: string;
    selectedOptions: { name: string; value: string }[];
  }[];
}

interface Stored {
  id: string;
  numeric: number;
  shop: string;
  seed: CatalogueSeed;
  imageKeys: string[];
}

const cursorOf = (numeric: number) =>
  Buffer.from(JSON.stringify({ last_id: numeric })).toString('base64');

interface BulkExport {
  id: string;
  shop: string;
  query: string;
  polls: number;
  /** FAILED with this error code instead of completing. */
  failure: string | null;
  file: string | null;
}

export function createFakeCatalogue() {
  const products: Stored[] = [];
  const images = new Map<string, Buffer>();
  const exports = new Map<string, BulkExport>();
  const files = new Map<string, string>();
  let failBulk: string | null = null;
  let next = 7_000_000;

  /** The JSONL Shopify writes for the bulk query: children flattened after their parent. */
  function jsonl(shop: string, cdn: string): string {
    const lines: string[] = [];
    for (const product of products.filter((entry) => entry.shop === shop)) {
      const { media, variants, options, ...rest } = node(product, cdn);
      lines.push(JSON.stringify({ ...rest, options }));
      for (const item of media.nodes) {
        lines.push(JSON.stringify({ __typename: 'MediaImage', ...item, __parentId: product.id }));
      }
      for (const item of variants.nodes) {
        lines.push(
          JSON.stringify({ __typename: 'ProductVariant', ...item, __parentId: product.id }),
        );
      }
    }
    return lines.map((line) => `${line}\n`).join('');
  }

  function node(product: Stored, cdn: string) {
    const { seed } = product;
    return {
      id: product.id,
      handle: seed.handle ?? seed.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      title: seed.title,
      descriptionHtml: seed.descriptionHtml ?? '',
      productType: seed.productType ?? '',
      status: seed.status ?? 'ACTIVE',
      tags: seed.tags ?? [],
      category: seed.category ?? null,
      seo: seed.seo ?? { title: null, description: null },
      media: {
        nodes: product.imageKeys.map((key, i) => ({
          alt: seed.images?.[i]?.altText ?? '',
          image: { url: `${cdn}/cdn/${key}`, altText: seed.images?.[i]?.altText ?? null },
        })),
      },
      options: (seed.options ?? ['Title']).map((name) => ({ name })),
      variants: {
        nodes: seed.variants ?? [
          {
            price: '0.00',
            sku: '',
            barcode: null,
            selectedOptions: [{ name: 'Title', value: 'Default Title' }],
          },
        ],
      },
    };
  }

  return {
    /** Adds products to the shop's catalogue; their GIDs, in order. */
    seed(shop: string, seeds: CatalogueSeed[]): string[] {
      return seeds.map((seed) => {
        const numeric = next++;
        const imageKeys = (seed.images ?? []).map((image) => {
          const key = `${randomBytes(6).toString('hex')}.jpg`;
          images.set(key, image.bytes);
          return key;
        });
        const id = `gid://shopify/Product/${numeric}`;
        products.push({ id, numeric, shop, seed, imageKeys });
        return id;
      });
    },

    /** Changes a seeded product, as the merchant would in Shopify's admin. */
    edit(id: string, change: Partial<CatalogueSeed>): void {
      const product = products.find((entry) => entry.id === id);
      if (!product) throw new Error(`no catalogue product ${id}`);
      product.seed = { ...product.seed, ...change };
    },

    image: (key: string) => images.get(key),
    bulkFile: (key: string) => files.get(key),
    /** The queries bulk operations were started with. */
    bulkQueries: () => [...exports.values()].map((entry) => entry.query),
    /** The next bulk operation ends FAILED with this error code. */
    failNextBulk(errorCode: string): void {
      failBulk = errorCode;
    },

    count: (shop: string) => ({
      productsCount: { count: products.filter((product) => product.shop === shop).length },
    }),

    startBulk(shop: string, query: string) {
      const id = `gid://shopify/BulkOperation/${next++}`;
      exports.set(id, { id, shop, query, polls: 0, failure: failBulk, file: null });
      failBulk = null;
      return {
        bulkOperationRunQuery: {
          bulkOperation: { id, status: 'CREATED', errorCode: null, url: null },
          userErrors: [],
        },
      };
    },

    poll(shop: string, id: string, cdn: string) {
      const entry = exports.get(id);
      if (!entry || entry.shop !== shop) return { node: null };
      entry.polls += 1;
      if (entry.polls === 1) return { node: { id, status: 'RUNNING', errorCode: null, url: null } };
      if (entry.failure) {
        return { node: { id, status: 'FAILED', errorCode: entry.failure, url: null } };
      }
      if (entry.file === null) {
        entry.file = `${randomBytes(6).toString('hex')}.jsonl`;
        files.set(entry.file, jsonl(shop, cdn));
      }
      return {
        node: { id, status: 'COMPLETED', errorCode: null, url: `${cdn}/bulk/${entry.file}` },
      };
    },

    /** `products(first:, after:)`'s data, or Shopify's error for a `first` out of range. */
    page(shop: string, variables: Record<string, unknown>, cdn: string) {
      const first = Number(variables.first);
      if (!Number.isInteger(first) || first < 1 || first > 250) {
        return { error: 'The first argument must be between 1 and 250.' } as const;
      }
      let after = 0;
      if (typeof variables.after === 'string') {
        after = (
          JSON.parse(Buffer.from(variables.after, 'base64').toString()) as { last_id: number }
        ).last_id;
      }
      const listed = products.filter((product) => product.shop === shop && product.numeric > after);
      const nodes = listed.slice(0, first);
      const last = nodes.at(-1);
      return {
        data: {
          products: {
            nodes: nodes.map((product) => node(product, cdn)),
            pageInfo: {
              hasNextPage: listed.length > first,
              endCursor: last ? cursorOf(last.numeric) : null,
            },
          },
        },
      } as const;
    },
  };
}

export type FakeCatalogue = ReturnType<typeof createFakeCatalogue>;
