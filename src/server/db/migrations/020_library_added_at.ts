import type { Kysely } from 'kysely';

/**
 * `products.publishedAt` is renamed `libraryAddedAt` for what it holds (issue 23,
 * docs/glossary.md): the time the product joined the library — saved there, or published to a
 * store (a publish brings it to the top again) — which orders the library. It was never only a
 * publish time. Both databases rename the column in place and keep `products_library_idx` on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').renameColumn('publishedAt', 'libraryAddedAt').execute();
}
