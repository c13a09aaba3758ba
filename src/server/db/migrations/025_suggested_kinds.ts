import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * The analyzer's best kinds for a draft it is unsure of (issue 24; ADR 036), as a JSON array of
 * { noun, category }: what the review card offers as one-click answers to 'What is this?'.
 * Empty for drafts that name the product, and for every product drafted before.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('suggestedKinds', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
