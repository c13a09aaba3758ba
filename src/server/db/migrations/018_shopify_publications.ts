import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Publishing to Shopify (issue 15, ADR 024):
 * - `shopifyPublications`: one row per product and shop it was published to: the Shopify product
 *   it became (re-publishing updates it, never creates a second), the admin link, which of its
 *   media are Listsmith's (the only ones a re-publish may replace) and a fingerprint of the images
 *   sent. Keyed by shop domain, not store row, so disconnecting and connecting again still
 *   updates the same Shopify product.
 * - `products.publishedShop` / `publishedAdminUrl`: the latest publication, read with the
 *   product (card and library show 'Published to {shop}' and the admin link).
 * - `shopifySandboxProducts` / `shopifySandboxMedia`: what the sandbox store (no Shopify keys)
 *   holds, for its test-mode admin page.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  const bytes = kind === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('shopifyPublications')
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('shopDomain', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shopifyProductId', 'text', (c) => c.notNull())
    .addColumn('adminUrl', 'text', (c) => c.notNull())
    /** JSON array of the media ids Listsmith's images became in Shopify. */
    .addColumn('mediaIds', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('imagesFingerprint', 'text', (c) => c.notNull())
    .addColumn('publishedAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('shopifyPublications_pk', ['productId', 'shopDomain'])
    .execute();

  await db.schema.alterTable('products').addColumn('publishedShop', 'text').execute();
  await db.schema.alterTable('products').addColumn('publishedAdminUrl', 'text').execute();

  await db.schema
    .createTable('shopifySandboxProducts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopDomain', 'text', (c) => c.notNull())
    /** JSON of the product as the sandbox store keeps it (title, status, variants, …). */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shopifySandboxProducts_shop_idx')
    .on('shopifySandboxProducts')
    .columns(['shopDomain', 'updatedAt'])
    .execute();

  await db.schema
    .createTable('shopifySandboxMedia')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shopDomain', 'text', (c) => c.notNull())
    /** Null while a staged upload is not yet attached to a product. */
    .addColumn('productId', 'text', (c) =>
      c.references('shopifySandboxProducts.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contentType', 'text', (c) => c.notNull())
    .addColumn('bytes', bytes, (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shopifySandboxMedia_product_idx')
    .on('shopifySandboxMedia')
    .columns(['productId', 'position'])
    .execute();
}
