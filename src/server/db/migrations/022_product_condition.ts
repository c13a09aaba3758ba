import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * A product's condition (issue 26): 'new', 'used' or 'refurbished', null while the seller has
 * not said (nothing is assumed: Google and the marketplaces need it stated). Products before it
 * keep any 'Condition' attribute the seller confirmed, which the domain reads as their condition.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema.alterTable('products').addColumn('condition', 'text').execute();
}
