import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The premium library (issue 14, ADR 018): a product's life (`status` draft → saved →
 * published), whether it is still on the review list (`inReview`), when it was saved and
 * published (the library's order), the status it gets in the store, and server-side search:
 * SQLite FTS5 kept in sync by triggers, PostgreSQL a generated, GIN-indexed tsvector plus a
 * trigram index for substrings.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .alterTable('products')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`"status" in ('draft', 'saved', 'published')`),
    )
    .execute();
  // 1/0 on both databases: every product so far is on its seller's review list.
  await db.schema
    .alterTable('products')
    .addColumn('inReview', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('products').addColumn('savedAt', timestamp).execute();
  await db.schema.alterTable('products').addColumn('publishedAt', timestamp).execute();
  await db.schema
    .alterTable('products')
    .addColumn('storeStatus', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`"storeStatus" in ('active', 'draft', 'archived')`),
    )
    .execute();
  // Set when premium ends: the library stays, read-only, until then (ADR 019).
  await db.schema.alterTable('users').addColumn('libraryDeleteAfter', timestamp).execute();
  // The library's pages: one seller's saved products, newest first (keyset on publishedAt, id).
  // `status` last makes it covering for the count (SQLite reads the row otherwise).
  await db.schema
    .createIndex('products_library_idx')
    .on('products')
    .columns(['userId', 'publishedAt', 'id', 'status'])
    .where(sql.ref('status'), '<>', 'draft')
    .execute();
  if (kind === 'postgres') await postgresSearch(db);
  else await sqliteSearch(db);
}

/** The price as a seller types it in a search box ('24.99'); empty without a price. */
function sqlitePriceText(row?: 'new' | 'old') {
  const cents = row ? `${row}."priceCents"` : '"priceCents"';
  return sql.raw(`case when ${cents} is null then '' else printf('%.2f', ${cents} / 100.0) end`);
}

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  // External content read through a view, so the index's `price` column has a source too
  // (FTS5 reads it back for 'rebuild'). Keyed by the products table's rowid (ADR 018).
  await sql`create view "productsSearch" as select rowid as "productRowid", "title",
    "description", "tags", ${sqlitePriceText()} as "price" from "products"`.execute(db);
  await sql`create virtual table "productsFts" using fts5(
    "title", "description", "tags", "price",
    content = 'productsSearch', content_rowid = 'productRowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
  )`.execute(db);
  const insertNew = sql`insert into "productsFts" (rowid, "title", "description", "tags", "price")
    values (new.rowid, new."title", new."description", new."tags", ${sqlitePriceText('new')});`;
  const deleteOld = sql`insert into "productsFts" ("productsFts", rowid, "title", "description",
    "tags", "price") values ('delete', old.rowid, old."title", old."description", old."tags",
    ${sqlitePriceText('old')});`;
  await sql`create trigger "productsFtsInsert" after insert on "products" begin ${insertNew} end`.execute(
    db,
  );
  await sql`create trigger "productsFtsDelete" after delete on "products" begin ${deleteOld} end`.execute(
    db,
  );
  await sql`create trigger "productsFtsUpdate"
    after update of "title", "description", "tags", "priceCents" on "products"
    begin ${deleteOld} ${insertNew} end`.execute(db);
  await sql`insert into "productsFts" ("productsFts") values ('rebuild')`.execute(db);
}

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  // Both are "trusted" extensions (PostgreSQL 13+): the database owner may create them.
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  // `simple` (no stemming, no stop words: product words are not prose) with accents folded;
  // unaccent() itself is not immutable, a configuration using its dictionary is.
  await sql`create text search configuration listsmith_search (copy = simple)`.execute(db);
  await sql`alter text search configuration listsmith_search
    alter mapping for hword, hword_part, word with unaccent, simple`.execute(db);
  const vector = (column: string, weight: string) =>
    `setweight(to_tsvector('listsmith_search'::regconfig, "${column}"), '${weight}')`;
  // Integer arithmetic and lpad are immutable (to_char is not): '2499' → '24.99'.
  const price = `coalesce(("priceCents" / 100)::text || '.' || lpad(("priceCents" % 100)::text, 2, '0'), '')`;
  await sql
    .raw(
      `alter table products add column "searchVector" tsvector generated always as (
        ${vector('title', 'A')} || ${vector('tags', 'B')} || ${vector('description', 'C')}
        || to_tsvector('listsmith_search'::regconfig, ${price})
      ) stored`,
    )
    .execute(db);
  await sql`create index products_search_idx on products using gin ("searchVector")`.execute(db);
  await sql`create index products_substring_idx on products
    using gin (("title" || ' ' || "tags") gin_trgm_ops)`.execute(db);
}
