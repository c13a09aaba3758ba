/**
 * The sandbox store's catalogue (no Shopify keys): the few Admin API operations publishing uses,
 * answered like Shopify answers them, over the rows of migration 018. `stagedUploadsCreate` gives
 * a `sandbox-upload:` target whose bytes are kept as a media row; `productSet` updates a product
 * by `identifier.id`, or upserts by `identifier.handle` (the shop's product with that handle is
 * updated, else one is created with it; handles are unique in a shop), and replaces its files
 * wholesale, as Shopify does (ADR 024), so the publishing code is exercised the same way offline. Its admin page lists what it holds.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SandboxAdminProduct } from '#domain/api/shopify.js';
import type { ProductSetFile, ProductSetInput } from '#domain/shopify-publish.js';
import { slugify } from '#domain/slug.js';
import type { Database } from '../db/schema.js';
import {
  ShopifyGatewayError,
  type GraphqlReply,
  type StagedFile,
  type StagedTarget,
} from './gateway.js';

const UPLOAD_SCHEME = 'sandbox-upload:';
const PRODUCT_GID = 'gid://shopify/Product/';
const MEDIA_GID = 'gid://shopify/MediaImage/';

type StoredProduct = Omit<ProductSetInput, 'files'> & { handle: string };

/** A staged target names its shop: `sandbox-upload:{shop}/{number}`. */
function stagedUpload(url: string): { shop: string; mediaId: string } | null {
  const match = /^sandbox-upload:([a-z0-9.-]+)\/(\d+)$/.exec(url);
  return match ? { shop: match[1]!, mediaId: `${MEDIA_GID}${match[2]!}` } : null;
}

const ok = (data: unknown): GraphqlReply => ({
  status: 200,
  retryAfterSeconds: null,
  body: { data },
});
const numericId = () => String(randomInt(1e11, 1e12 - 1));

export const sandboxMediaUrl = (shop: string, mediaGid: string) =>
  `/api/shopify/sandbox/stores/${shop}/media/${mediaGid.slice(MEDIA_GID.length)}`;

export function createSandboxStore(db: Kysely<Database>, now: () => Date) {
  async function mediaIds(productGid: string): Promise<{ id: string }[]> {
    const rows = await db
      .selectFrom('shopifySandboxMedia')
      .select('id')
      .where('productId', '=', productGid)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ id: row.id }));
  }

  async function productReply(shop: string, productGid: string) {
    const row = await db
      .selectFrom('shopifySandboxProducts')
      .select(['id', 'data'])
      .where('id', '=', productGid)
      .where('shopDomain', '=', shop)
      .executeTakeFirst();
    if (!row) return null;
    const data = JSON.parse(row.data) as StoredProduct;
    return {
      id: row.id,
      handle: data.handle,
      media: { nodes: await mediaIds(row.id) },
      collections: { nodes: (data.collections ?? []).map((id) => ({ id })) },
      metafields: { nodes: data.metafields ?? [] },
    };
  }

  /** The shop's product with this handle (the sandbox keeps few: its rows are read). */
  async function idByHandle(shop: string, handle: string): Promise<string | undefined> {
    const rows = await db
      .selectFrom('shopifySandboxProducts')
      .select(['id', 'data'])
      .where('shopDomain', '=', shop)
      .execute();
    return rows.find((row) => (JSON.parse(row.data) as StoredProduct).handle === handle)?.id;
  }

  /** productSet's `files`: kept ids stay, staged uploads are attached, the rest are deleted. */
  async function setFiles(shop: string, productGid: string, files: ProductSetFile[]) {
    const kept: string[] = [];
    for (const file of files) {
      const id = 'id' in file ? file.id : stagedUpload(file.originalSource)?.mediaId;
      if (!id) return 'The file’s originalSource is not a staged upload of this store';
      const updated = await db
        .updateTable('shopifySandboxMedia')
        .set({
          productId: productGid,
          position: kept.length,
          ...('alt' in file ? { alt: file.alt } : {}),
        })
        .where('id', '=', id)
        .where('shopDomain', '=', shop)
        .where((eb) => eb.or([eb('productId', 'is', null), eb('productId', '=', productGid)]))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return `File ${id} does not exist`;
      kept.push(id);
    }
    await db
      .deleteFrom('shopifySandboxMedia')
      .where('productId', '=', productGid)
      .$if(kept.length > 0, (query) => query.where('id', 'not in', kept))
      .execute();
    return null;
  }

  async function productSet(shop: string, variables: Record<string, unknown>) {
    const input = variables.input as ProductSetInput;
    const identifier = variables.identifier as { id?: string; handle?: string } | undefined;
    const at = now().toISOString();
    let id = identifier?.id;
    if (!id && identifier?.handle) id = await idByHandle(shop, identifier.handle);
    const existing = id ? await productReply(shop, id) : null;
    const userError = (message: string) =>
      ok({
        productSet: { product: null, userErrors: [{ field: ['input'], message, code: 'INVALID' }] },
      });
    if (id && !existing) return userError('Product does not exist');
    const { files, ...fields } = input;
    const handle = input.handle ?? existing?.handle ?? identifier?.handle ?? slugify(input.title);
    const holder = await idByHandle(shop, handle);
    if (holder && holder !== id) return userError(`Handle '${handle}' has already been taken`);
    const data: StoredProduct = { ...fields, handle };
    if (id) {
      await db
        .updateTable('shopifySandboxProducts')
        .set({ data: JSON.stringify(data), updatedAt: at })
        .where('id', '=', id)
        .execute();
    } else {
      id = `${PRODUCT_GID}${numericId()}`;
      await db
        .insertInto('shopifySandboxProducts')
        .values({ id, shopDomain: shop, data: JSON.stringify(data), createdAt: at, updatedAt: at })
        .execute();
    }
    if (files) {
      const failed = await setFiles(shop, id, files);
      if (failed) return userError(failed);
    }
    return ok({ productSet: { product: await productReply(shop, id), userErrors: [] } });
  }

  return {
    /** One GraphQL Admin API call, for a shop whose token was checked. */
    async execute(
      shop: string,
      query: string,
      variables: Record<string, unknown> = {},
    ): Promise<GraphqlReply> {
      if (/\bstagedUploadsCreate\b/.test(query)) {
        const inputs = (variables.input ?? []) as unknown[];
        const stagedTargets = inputs.map((): StagedTarget => {
          const target = `${UPLOAD_SCHEME}${shop}/${numericId()}`;
          return { url: target, resourceUrl: target, parameters: [] };
        });
        return ok({ stagedUploadsCreate: { stagedTargets, userErrors: [] } });
      }
      if (/\bproductSet\b/.test(query)) return productSet(shop, variables);
      if (/\bproduct\s*\(/.test(query)) {
        return ok({ product: await productReply(shop, String(variables.id ?? '')) });
      }
      return {
        status: 200,
        retryAfterSeconds: null,
        body: {
          errors: [
            {
              message: 'The sandbox store does not answer this query',
              extensions: { code: 'UNSUPPORTED' },
            },
          ],
        },
      };
    },

    /** The bytes sent to a staged target, kept until productSet attaches them. */
    async upload(target: StagedTarget, file: StagedFile): Promise<void> {
      const staged = stagedUpload(target.url);
      if (!staged) throw new ShopifyGatewayError('Not a sandbox upload target');
      await db
        .insertInto('shopifySandboxMedia')
        .values({
          id: staged.mediaId,
          shopDomain: staged.shop,
          productId: null,
          contentType: file.mimeType,
          bytes: file.bytes,
          createdAt: now().toISOString(),
        })
        .execute();
    },

    /** What the sandbox admin page lists: the shop's products, last changed first. */
    async products(shop: string): Promise<SandboxAdminProduct[]> {
      const rows = await db
        .selectFrom('shopifySandboxProducts')
        .select(['id', 'data', 'updatedAt'])
        .where('shopDomain', '=', shop)
        .orderBy('updatedAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return Promise.all(
        rows.map(async (row) => {
          const data = JSON.parse(row.data) as StoredProduct;
          const media = await mediaIds(row.id);
          return {
            id: row.id,
            title: data.title,
            handle: data.handle,
            status: data.status,
            vendor: data.vendor,
            productType: data.productType,
            tags: data.tags,
            prices: data.variants.map((variant) => variant.price),
            variants: data.variants.map((variant) =>
              variant.optionValues.map((option) => option.name).join(' / '),
            ),
            images: media.map((file) => sandboxMediaUrl(shop, file.id)),
            updatedAt: new Date(row.updatedAt).toISOString(),
          };
        }),
      );
    },

    /**
     * Forgets the catalogue of every shop no seller has connected any more (disconnected, or
     * its account deleted): the sandbox keeps no seller's photos for nobody.
     */
    async forgetUnconnectedShops(): Promise<void> {
      const connected = db.selectFrom('shopifyStores').select('shopDomain');
      await db.deleteFrom('shopifySandboxMedia').where('shopDomain', 'not in', connected).execute();
      await db
        .deleteFrom('shopifySandboxProducts')
        .where('shopDomain', 'not in', connected)
        .execute();
    },

    /** An image of the shop's catalogue. */
    async media(shop: string, numeric: string) {
      return db
        .selectFrom('shopifySandboxMedia')
        .select(['contentType', 'bytes'])
        .where('id', '=', `${MEDIA_GID}${numeric}`)
        .where('shopDomain', '=', shop)
        .executeTakeFirst();
    },
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
