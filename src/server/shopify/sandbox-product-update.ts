/**
 * The sandbox store's `productUpdate` and `productUpdateMedia` (ADR 045), as Shopify answers
 * them: a product's own fields changed (title, description, SEO, tags, category), its media's
 * alt texts set by media id; a product of another shop or deleted answers `product: null` with
 * 'Product does not exist'; a blank title is refused. Variants, options and media stay as they
 * are. Over the rows of migrations 018 and 021, scoped to one seller's shop.
 */
import type { Kysely } from 'kysely';
import type { StoreProductChange } from '#domain/store-update-plan.js';
import type { Database } from '../db/schema.js';
import type { SandboxShop, StoredProduct } from './sandbox-product-set.js';

export function createSandboxProductUpdate(db: Kysely<Database>, now: () => Date) {
  async function find({ sellerId, shop }: SandboxShop, id: string) {
    const row = await db
      .selectFrom('shopifySandboxProducts')
      .select(['id', 'data'])
      .where('id', '=', id)
      .where('sellerId', '=', sellerId)
      .where('shopDomain', '=', shop)
      .executeTakeFirst();
    return row ? { id: row.id, data: JSON.parse(row.data) as StoredProduct } : undefined;
  }

  async function productUpdate(scope: SandboxShop, variables: Record<string, unknown>) {
    const input = (variables.product ?? {}) as { id?: string } & StoreProductChange['product'];
    const refused = (field: string[], message: string) => ({
      product: null,
      userErrors: [{ field, message }],
    });
    const found = typeof input.id === 'string' ? await find(scope, input.id) : undefined;
    if (!found) return refused(['id'], 'Product does not exist');
    if (input.title !== undefined && input.title.trim() === '') {
      return refused(['title'], "Title can't be blank");
    }
    const { data } = found;
    const updated: StoredProduct = {
      ...data,
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.descriptionHtml !== undefined ? { descriptionHtml: input.descriptionHtml } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.seo ? { seo: { ...data.seo, ...input.seo } } : {}),
    };
    await db
      .updateTable('shopifySandboxProducts')
      .set({ data: JSON.stringify(updated), updatedAt: now().toISOString() })
      .where('id', '=', found.id)
      .execute();
    return { product: { id: found.id }, userErrors: [] };
  }

  async function productUpdateMedia(scope: SandboxShop, variables: Record<string, unknown>) {
    const productId = String(variables.productId ?? '');
    const media = (variables.media ?? []) as StoreProductChange['media'];
    const refused = (code: string, field: string[], message: string) => ({
      media: null,
      mediaUserErrors: [{ code, field, message }],
    });
    if (!(await find(scope, productId))) {
      return refused('PRODUCT_DOES_NOT_EXIST', ['productId'], 'Product does not exist');
    }
    for (const [index, item] of media.entries()) {
      const updated = await db
        .updateTable('shopifySandboxMedia')
        .set({ alt: item.alt })
        .where('id', '=', item.id)
        .where('productId', '=', productId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        return refused(
          'MEDIA_DOES_NOT_EXIST',
          ['media', String(index), 'id'],
          `Media id ${item.id} does not exist`,
        );
      }
    }
    return { media: media.map((item) => ({ id: item.id })), mediaUserErrors: [] };
  }

  /** The data of a document with `productUpdate`, and `productUpdateMedia` when it asks. */
  return async function execute(
    scope: SandboxShop,
    query: string,
    variables: Record<string, unknown>,
  ) {
    const productUpdated = await productUpdate(scope, variables);
    if (!/\bproductUpdateMedia\s*\(/.test(query)) return { productUpdate: productUpdated };
    return {
      productUpdate: productUpdated,
      productUpdateMedia: await productUpdateMedia(scope, variables),
    };
  };
}
