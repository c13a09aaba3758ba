import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Catalogue import from a file (issue 25, ADR 041/042):
 * - `catalogueImports`: one per file a seller imported, with its outcome (counts, skipped products) and
 *   the progress of its image fetching.
 * - `productSources`: where an imported product came from: the seller, the file's format and the
 *   product's handle/ID in it. Unique per (seller, format, source key), so importing the same
 *   source again finds the product it made and updates it instead of adding another.
 * - `catalogueImportItems`: the images one product of an import still has to fetch (the
 *   image job's state, so a restart resumes it), and what failed.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .createTable('catalogueImports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    /** importing → done (a refused file leaves no row: its transaction rolls back) */
    .addColumn('state', 'text', (c) => c.notNull())
    /** JSON of the import's outcome (ImportOutcome), '{}' while importing. */
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('finishedAt', timestamp)
    .execute();
  await db.schema
    .createIndex('catalogueImports_user_idx')
    .on('catalogueImports')
    .columns(['userId', 'createdAt'])
    .execute();

  await db.schema
    .createTable('productSources')
    .addColumn('productId', 'text', (c) =>
      c.primaryKey().references('products.id').onDelete('cascade'),
    )
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('sourceKey', 'text', (c) => c.notNull())
    .addColumn('fileName', 'text', (c) => c.notNull())
    .addColumn('importId', 'text', (c) => c.notNull())
    /** JSON array of the image URLs the file named, to fetch again only when they change. */
    .addColumn('imageUrls', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('importedAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('productSources_user_format_key', ['userId', 'format', 'sourceKey'])
    .execute();

  await db.schema
    .createTable('catalogueImportItems')
    .addColumn('importId', 'text', (c) =>
      c.notNull().references('catalogueImports.id').onDelete('cascade'),
    )
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('sourceKey', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    /** JSON array of { url, alt }. */
    .addColumn('images', 'text', (c) => c.notNull())
    /** pending → fetching → done */
    .addColumn('state', 'text', (c) => c.notNull())
    /** JSON array of { url, reason } for the images that could not be fetched. */
    .addColumn('failures', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('claimedAt', timestamp)
    .addPrimaryKeyConstraint('catalogueImportItems_pk', ['importId', 'productId'])
    .execute();
  await db.schema
    .createIndex('catalogueImportItems_state_idx')
    .on('catalogueImportItems')
    .columns(['importId', 'state'])
    .execute();
}
