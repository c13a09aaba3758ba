import { sql, type Kysely } from 'kysely';

/**
 * 'Update in Shopify' (issue 25, ADR 045):
 * - `productSources.storeFields`: JSON of what the store last had of a product imported from a
 *   connected Shopify store (title, description HTML, SEO, tags, product type, category, its
 *   images' alt texts by media id): written by the store import, replaced field by field after
 *   each update with what was sent. '{}' for products imported before: nothing known.
 * - `products.sourceShop`: the connected store a product was imported from (null for every other
 *   product), so the library shows which products may be sent back without a join; filled in
 *   for products imported already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('productSources')
    .addColumn('storeFields', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await db.schema.alterTable('products').addColumn('sourceShop', 'text').execute();
  await sql`update products set "sourceShop" = (
      select s."fileName" from "productSources" s
      where s."productId" = products.id and s.format = 'shopify-store'
    )
    where exists (
      select 1 from "productSources" s
      where s."productId" = products.id and s.format = 'shopify-store'
    )`.execute(db);
}
