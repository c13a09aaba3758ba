import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Earlier texts of a product's title and description (issue 14's undo), in a table of their own
 * so product reads stay small. A product's versions go with it.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .createTable('productFieldVersions')
    .addColumn('id', kind === 'postgres' ? 'bigserial' : 'integer', (c) =>
      kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('replacedAt', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('productFieldVersions_product_field_idx')
    .on('productFieldVersions')
    .columns(['productId', 'field', 'id'])
    .execute();
}
