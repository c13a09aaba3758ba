import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Draft products: one row per uploaded photo. The row is also the generation job's state
 * (pending → ready | failed), so a restart re-enqueues what was still pending.
 * Prices are integer cents; tags and attributes are JSON text (same on both dialects).
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  const bool = kind === 'postgres' ? 'boolean' : 'integer';
  const double = kind === 'postgres' ? 'double precision' : 'real';

  await db.schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('imageId', 'text', (c) => c.notNull().unique())
    .addColumn('fileName', 'text', (c) => c.notNull())
    /** Upload order inside one batch (rows of a batch share createdAt). */
    .addColumn('batchPosition', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('priceCents', 'integer')
    .addColumn('priceLowCents', 'integer')
    .addColumn('priceHighCents', 'integer')
    .addColumn('priceBasis', 'text')
    .addColumn('categoryId', 'text')
    .addColumn('categoryFullName', 'text')
    .addColumn('categoryConfidence', double)
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('attributes', 'text')
    .addColumn('altText', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('generationState', 'text', (c) =>
      c.notNull().check(sql`"generationState" in ('pending', 'ready', 'failed')`),
    )
    .addColumn('generationErrorCode', 'text')
    .addColumn('generationErrorMessage', 'text')
    .addColumn('generationRetryable', bool)
    /** Which balance paid for the current generation, so a refund goes back to it. */
    .addColumn('creditBucket', 'text', (c) =>
      c.check(sql`"creditBucket" is null or "creditBucket" in ('subscription', 'fixed')`),
    )
    /** reserved: paid, not generated yet; spent: generated; refunded: given back. */
    .addColumn('creditState', 'text', (c) =>
      c.notNull().check(sql`"creditState" in ('reserved', 'spent', 'refunded')`),
    )
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createIndex('products_userId_createdAt_idx')
    .on('products')
    .columns(['userId', 'createdAt'])
    .execute();
  await db.schema
    .createIndex('products_generationState_idx')
    .on('products')
    .column('generationState')
    .execute();
}
