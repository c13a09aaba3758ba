import { sql, type Kysely } from 'kysely';

/**
 * The library audit's 'Duplicate title' (issue 25, ADR 043) groups a seller's products by
 * `lower("title")`: this index lets both databases find a title's twins, and group a library,
 * without sorting every row. Not partial (review drafts are few): any query on a seller's titles
 * may use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index products_user_title_idx on products ("userId", lower("title"))`.execute(
    db,
  );
}
