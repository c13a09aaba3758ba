import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * A product's variants (issue 14, premium): JSON of { options, rows } (`productVariantsSchema`).
 * No options means no variants, the exports' single default variant.
 */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('{"options":[],"rows":[]}'))
    .execute();
}
