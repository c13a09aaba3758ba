import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The search engine listing (issue 13): SEO title and SEO description, drafted with the other
 * listing fields and exported to Shopify's `SEO Title` / `SEO Description`. Empty for products
 * drafted before: the exporter then falls back to the title and description, as Shopify does.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('seoTitle', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('seoDescription', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
