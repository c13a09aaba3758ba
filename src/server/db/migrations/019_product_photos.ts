import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/**
 * Several photos, one listing (issue 16; ADR 025). A product's photos in order, main first, are
 * the JSON column `products.photos` (read with the row, like its other lists); `products.imageId`
 * stays the main photo's image. `productPhotos` is the index from an image to the product that
 * shows it: the image route, the upload sweeper and clean-up on delete look photos up there.
 * `photoGroupDismissals` keeps the suggested groups of look-alike photos the seller turned down.
 * Every existing product gets its one photo.
 */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  const timestamp = kind === 'postgres' ? 'timestamptz' : 'date';
  await db.schema
    .alterTable('products')
    .addColumn('photos', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const photo =
    kind === 'postgres'
      ? sql`json_build_array(json_build_object('imageId', "imageId", 'fileName', "fileName"))::text`
      : sql`json_array(json_object('imageId', "imageId", 'fileName', "fileName"))`;
  await sql`update products set photos = ${photo}`.execute(db);

  await db.schema
    .createTable('productPhotos')
    .addColumn('imageId', 'text', (c) => c.primaryKey())
    .addColumn('productId', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('productPhotos_productId_idx')
    .on('productPhotos')
    .column('productId')
    .execute();
  await sql`insert into "productPhotos" ("imageId", "productId", "userId")
    select "imageId", "id", "userId" from products`.execute(db);

  await db.schema
    .createTable('photoGroupDismissals')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The group's product ids, sorted, comma-separated (photoGroupKey). */
    .addColumn('groupKey', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('photoGroupDismissals_pk', ['userId', 'groupKey'])
    .execute();
}
