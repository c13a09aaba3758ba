import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Indexes that start with the seller (issue 14's library search, issue 17's profile; ADR 018 and
 * 023). The review list (`inReview = 1`, newest first) and the connected stores, read on every
 * profile load: ordered by an index, not a sort (tens of microseconds each, even when empty), and the review
 * list without walking a premium seller's library. On PostgreSQL, the
 * library search indexes lead with `userId` (btree_gin), so a common word is looked up among the
 * seller's own products rather than every seller's, then ANDed with theirs.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createIndex('products_review_idx')
    .on('products')
    .columns(['userId', 'inReview', 'createdAt desc', 'batchPosition'])
    .execute();
  // The profile's connected stores, in the order they were connected.
  await db.schema
    .createIndex('shopifyStores_user_created_idx')
    .on('shopifyStores')
    .columns(['userId', 'createdAt', 'id'])
    .execute();
  if (kind !== 'postgres') return;
  // A "trusted" extension (PostgreSQL 13+), like unaccent and pg_trgm: no superuser needed.
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`create index products_library_search_idx on products
    using gin ("userId", "searchVector") where "status" <> 'draft'`.execute(db);
  await sql`create index products_library_substring_idx on products
    using gin ("userId", ("title" || ' ' || "tags") gin_trgm_ops) where "status" <> 'draft'`.execute(
    db,
  );
  await sql`drop index products_search_idx`.execute(db);
  await sql`drop index products_substring_idx`.execute(db);
}
