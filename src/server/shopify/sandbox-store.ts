/**
 * The sandbox store's catalogue (no Shopify keys): the few Admin API operations publishing uses,
 * answered like Shopify answers them, over the rows of migrations 018 and 021. A sandbox store
 * is a shop name as one seller connected it (issue 28 item 9): another seller who types the same
 * name gets a store of their own, and sees nothing of the first one's. `stagedUploadsCreate`
 * gives a `sandbox-upload:` target whose bytes are kept as a media row; `productSet` follows
 * Shopify's rules (sandbox-product-set.ts), so the publishing code is exercised the same way
 * offline. `products` lists a shop's catalogue page by page and `productsCount` counts it
 * (sandbox-catalogue.ts); `productUpdate` changes a product's own fields and
 * `productUpdateMedia` its alt texts (sandbox-product-update.ts); it makes no bulk exports (its
 * catalogues are small). Its admin page lists what it holds.
 */
import type { Kysely } from 'kysely';
import type { SandboxAdminProduct } from '#domain/api/shopify.js';
import { htmlToText } from '#domain/catalogue-rows.js';
import type { Database } from '../db/schema.js';
import {
  ShopifyGatewayError,
  type GraphqlReply,
  type StagedFile,
  type StagedTarget,
} from './gateway.js';
import { createSandboxCatalogue } from './sandbox-catalogue.js';
import { createSandboxProductUpdate } from './sandbox-product-update.js';
import {
  createSandboxProductSet,
  MEDIA_GID,
  stagedUpload,
  stagedUploadUrl,
  type SandboxShop,
  type StoredProduct,
} from './sandbox-product-set.js';

export type { SandboxShop } from './sandbox-product-set.js';

const ok = (data: unknown): GraphqlReply => ({
  status: 200,
  retryAfterSeconds: null,
  body: { data },
});

export const sandboxMediaUrl = (shop: string, mediaGid: string) =>
  `/api/shopify/sandbox/stores/${shop}/media/${mediaGid.slice(MEDIA_GID.length)}`;

/** `appUrl` makes the sample catalogue's image URLs absolute, as a store's CDN URLs are. */
export function createSandboxStore(db: Kysely<Database>, now: () => Date, appUrl: string) {
  const productSet = createSandboxProductSet(db, now);
  const productUpdate = createSandboxProductUpdate(db, now);
  const listing = createSandboxCatalogue(db, {
    now,
    mediaUrl: (shop, mediaGid) => `${appUrl}${sandboxMediaUrl(shop, mediaGid)}`,
  });

  async function mediaIds(productGid: string): Promise<{ id: string }[]> {
    const rows = await db
      .selectFrom('shopifySandboxMedia')
      .select('id')
      .where('productId', '=', productGid)
      .orderBy('position')
      .execute();
    return rows.map((row) => ({ id: row.id }));
  }

  async function productReply({ sellerId, shop }: SandboxShop, productGid: string) {
    const row = await db
      .selectFrom('shopifySandboxProducts')
      .select(['id', 'data'])
      .where('id', '=', productGid)
      .where('sellerId', '=', sellerId)
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

  return {
    /** One GraphQL Admin API call, for a seller's shop whose token was checked. */
    async execute(
      scope: SandboxShop,
      query: string,
      variables: Record<string, unknown> = {},
    ): Promise<GraphqlReply> {
      if (/\bstagedUploadsCreate\b/.test(query)) {
        const inputs = (variables.input ?? []) as unknown[];
        const stagedTargets = inputs.map((): StagedTarget => {
          const target = stagedUploadUrl(scope);
          return { url: target, resourceUrl: target, parameters: [] };
        });
        return ok({ stagedUploadsCreate: { stagedTargets, userErrors: [] } });
      }
      if (/\bproductUpdate\s*\(/.test(query)) {
        return ok(await productUpdate(scope, query, variables));
      }
      if (/\bproductSet\b/.test(query)) {
        const outcome = await productSet(scope, variables);
        return 'userErrors' in outcome
          ? ok({ productSet: { product: null, userErrors: outcome.userErrors } })
          : ok({
              productSet: {
                product: await productReply(scope, outcome.productGid),
                userErrors: [],
              },
            });
      }
      if (/\bproductsCount\b/.test(query)) return ok(await listing.count(scope));
      if (/\bproducts\s*\(/.test(query)) return ok(await listing.page(scope, variables));
      if (/\bproduct\s*\(/.test(query)) {
        return ok({ product: await productReply(scope, String(variables.id ?? '')) });
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
          sellerId: staged.sellerId,
          shopDomain: staged.shop,
          productId: null,
          contentType: file.mimeType,
          bytes: file.bytes,
          createdAt: now().toISOString(),
        })
        .execute();
    },

    /** What the sandbox admin page lists: the seller's shop's products, last changed first. */
    async products(scope: SandboxShop): Promise<SandboxAdminProduct[]> {
      const rows = await db
        .selectFrom('shopifySandboxProducts')
        .select(['id', 'data', 'updatedAt'])
        .where('sellerId', '=', scope.sellerId)
        .where('shopDomain', '=', scope.shop)
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
            description: htmlToText(data.descriptionHtml),
            handle: data.handle,
            status: data.status,
            vendor: data.vendor,
            productType: data.productType,
            tags: data.tags,
            prices: data.variants.map((variant) => variant.price),
            variants: data.variants.map((variant) =>
              variant.optionValues.map((option) => option.name).join(' / '),
            ),
            images: media.map((file) => sandboxMediaUrl(scope.shop, file.id)),
            updatedAt: new Date(row.updatedAt).toISOString(),
          };
        }),
      );
    },

    /**
     * Forgets the catalogue of every seller's shop that seller no longer has connected
     * (disconnected, or the account deleted): the sandbox keeps no seller's photos for nobody.
     */
    async forgetUnconnectedShops(): Promise<void> {
      for (const table of ['shopifySandboxMedia', 'shopifySandboxProducts'] as const) {
        await db
          .deleteFrom(table)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('shopifyStores')
                  .select('shopifyStores.id')
                  .whereRef('shopifyStores.userId', '=', `${table}.sellerId`)
                  .whereRef('shopifyStores.shopDomain', '=', `${table}.shopDomain`),
              ),
            ),
          )
          .execute();
      }
    },

    /** An image of the seller's shop's catalogue. */
    async media(scope: SandboxShop, numeric: string) {
      return db
        .selectFrom('shopifySandboxMedia')
        .select(['contentType', 'bytes'])
        .where('id', '=', `${MEDIA_GID}${numeric}`)
        .where('sellerId', '=', scope.sellerId)
        .where('shopDomain', '=', scope.shop)
        .executeTakeFirst();
    },
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
