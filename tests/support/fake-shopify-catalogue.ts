/**
 * The fake Shopify's merchant catalogue (fake-shopify.ts): products a test puts in a shop, listed
 * by `products(first:, after:)` as the Admin API lists them: by id, an opaque cursor per node,
 * `pageInfo { hasNextPage endCursor }`, `first` at most 250; counted by `productsCount`; and
 * exported by a bulk operation (`bulkOperationRunQuery`, then `node(id:)` answers RUNNING once
 * and COMPLETED after, with the JSONL at /bulk/{key}: each product, then its media and variants
 * with `__parentId`). Images are served at /cdn/{key}, as a store's CDN serves them.
 * `productUpdate` changes a product's own fields as Shopify does (a deleted or another shop's
 * product: `product: null` and the userError 'Product does not exist'; a blank title refused),
 * and `productUpdateMedia` its images' alt texts (`mediaUserErrors` for an unknown product or
 * medium); neither touches media, variants or options.
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
  /** The MediaImage GID of each image. */
  mediaIds: string[];
}

const mediaIdOf = (product: Stored, index: number) => product.mediaIds[index]!;

/** `ProductUpdateInput` as the fake applies it. */
interface ProductUpdate {
  id?: string;
  title?: string;
  descriptionHtml?: string;
  seo?: { title?: string; description?: string };
  tags?: string[];
  category?: string;
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
          id: mediaIdOf(product, i),
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
        const mediaIds = imageKeys.map(() => `gid://shopify/MediaImage/${next++}`);
        products.push({ id, numeric, shop, seed, imageKeys, mediaIds });
        return id;
      });
    },

    /** Changes a seeded product, as the merchant would in Shopify's admin. */
    edit(id: string, change: Partial<CatalogueSeed>): void {
      const product = products.find((entry) => entry.id === id);
      if (!product) throw new Error(`no catalogue product ${id}`);
      product.seed = { ...product.seed, ...change };
    },

    /** The merchant deletes the product in Shopify's admin. */
    remove(id: string): void {
      const index = products.findIndex((entry) => entry.id === id);
      if (index < 0) throw new Error(`no catalogue product ${id}`);
      products.splice(index, 1);
    },

    /** A product as the store holds it now, with its media ids; undefined once deleted. */
    product(id: string): (CatalogueSeed & { mediaIds: string[] }) | undefined {
      const product = products.find((entry) => entry.id === id);
      return product && { ...product.seed, mediaIds: product.mediaIds };
    },

    /** `productUpdate(product:)`'s data. */
    update(shop: string, variables: Record<string, unknown>) {
      const input = (variables.product ?? {}) as ProductUpdate;
      const product = products.find((entry) => entry.id === input.id && entry.shop === shop);
      const refused = (field: string[], message: string) => ({
        productUpdate: { product: null, userErrors: [{ field, message }] },
      });
      if (!product) return refused(['id'], 'Product does not exist');
      if (input.title !== undefined && input.title.trim() === '') {
        return refused(['title'], "Title can't be blank");
      }
      const { seed } = product;
      const seo = seed.seo ?? { title: null, description: null };
      product.seed = {
        ...seed,
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.descriptionHtml !== undefined ? { descriptionHtml: input.descriptionHtml } : {}),
        ...(input.tags !== undefined ? { tags: input.tags } : {}),
        ...(input.category !== undefined ? { category: { id: input.category, fullName: '' } } : {}),
        ...(input.seo ? { seo: { ...seo, ...input.seo } } : {}),
      };
      return { productUpdate: { product: { id: product.id }, userErrors: [] } };
    },

    /** `productUpdateMedia(productId:, media:)`'s data: alt texts by media id. */
    updateMedia(shop: string, variables: Record<string, unknown>) {
      const product = products.find(
        (entry) => entry.id === variables.productId && entry.shop === shop,
      );
      const media = (variables.media ?? []) as { id: string; alt?: string }[];
      const refused = (code: string, field: string[], message: string) => ({
        productUpdateMedia: { media: null, mediaUserErrors: [{ code, field, message }] },
      });
      if (!product) {
        return refused('PRODUCT_DOES_NOT_EXIST', ['productId'], 'Product does not exist');
      }
      const unknown = media.findIndex((item) => !product.mediaIds.includes(item.id));
      if (unknown >= 0) {
        return refused(
          'MEDIA_DOES_NOT_EXIST',
          ['media', String(unknown), 'id'],
          `Media id ${media[unknown]!.id} does not exist`,
        );
      }
      const seeded = [...(product.seed.images ?? [])];
      for (const item of media) {
        const index = product.mediaIds.indexOf(item.id);
        if (item.alt !== undefined) seeded[index] = { ...seeded[index]!, altText: item.alt };
      }
      product.seed = { ...product.seed, images: seeded };
      return {
        productUpdateMedia: {
          media: media.map((item) => ({ id: item.id, alt: item.alt ?? '' })),
          mediaUserErrors: [],
        },
      };
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
