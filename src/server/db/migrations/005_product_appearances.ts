import { sql, type Kysely } from 'kysely';
import { CONFIRMED_CATEGORY_SOURCE } from '#domain/products.js';
import type { DatabaseKind } from '../connection.js';

/**
 * What the analyzer learns from the seller (ADR 013): each product photo's appearance vector
 * (the local analyzer's, 1000 float32 numbers little-endian, 4 KB) in a table of its own so
 * product reads stay small, and when the seller confirmed the product's category. Products
 * confirmed before this migration are found by the evidence line a confirmation writes.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .createTable('productAppearances')
    .addColumn('productId', 'text', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('vector', kind === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('products').addColumn('categoryConfirmedAt', timestamp).execute();
  await markConfirmedProducts(db);
  await db.schema
    .createIndex('products_userId_categoryConfirmedAt_idx')
    .on('products')
    .columns(['userId', 'categoryConfirmedAt'])
    .execute();
}

/** Dates the confirmation of products whose evidence says the seller confirmed the category. */
export async function markConfirmedProducts(db: Kysely<unknown>): Promise<void> {
  // A confirmation stores exactly this category evidence (product-mapper.ts).
  const confirmed = JSON.stringify({
    category: { confidence: 1, sources: [CONFIRMED_CATEGORY_SOURCE] },
  });
  await sql`update products set "categoryConfirmedAt" = "updatedAt"
    where "categoryConfirmedAt" is null
      and "fieldEvidence" like ${`%${confirmed.slice(1, -1)}%`}`.execute(db);
}
