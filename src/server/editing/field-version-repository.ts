/**
 * A product's earlier titles and descriptions (undo). Reads go through the product's owner:
 * every query joins the products table on the user's id, so another user's product has none.
 */
import type { Kysely } from 'kysely';
import {
  FIELD_VERSIONS_KEPT,
  type VersionCause,
  type VersionedField,
} from '#domain/field-versions.js';
import type { Database } from '../db/schema.js';
import type { DatabaseKind } from '../db/connection.js';

export interface ReplacedText {
  field: VersionedField;
  value: string;
  cause: VersionCause;
}

export function createFieldVersionRepository(db: Kysely<Database>, kind: DatabaseKind) {
  return {
    /** Newest first, both fields. */
    listForUser(userId: string, productId: string) {
      return db
        .selectFrom('productFieldVersions as v')
        .innerJoin('products as p', 'p.id', 'v.productId')
        .select(['v.id', 'v.field', 'v.value', 'v.cause', 'v.replacedAt'])
        .where('p.userId', '=', userId)
        .where('v.productId', '=', productId)
        .orderBy('v.id', 'desc')
        .execute();
    },

    findForUser(userId: string, productId: string, versionId: number) {
      return db
        .selectFrom('productFieldVersions as v')
        .innerJoin('products as p', 'p.id', 'v.productId')
        .select(['v.id', 'v.field', 'v.value'])
        .where('p.userId', '=', userId)
        .where('v.productId', '=', productId)
        .where('v.id', '=', versionId)
        .executeTakeFirst();
    },

    /** The newest version of a field, to tell whether a new one adds anything. */
    latest(productId: string, field: VersionedField) {
      return db
        .selectFrom('productFieldVersions')
        .select(['value', 'cause', 'replacedAt'])
        .where('productId', '=', productId)
        .where('field', '=', field)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Keeps the replaced text and forgets versions of that field beyond the newest few. A
     * product deleted since it was written (a delete that waited for this change) keeps nothing:
     * the row is inserted only while the product exists. On PostgreSQL the product row is share
     * locked while read, so a delete still in flight is waited for and then leaves nothing to
     * insert, instead of failing the foreign key after this statement saw the row.
     */
    async record(productId: string, replaced: ReplacedText, at: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('productFieldVersions')
          .columns(['productId', 'field', 'value', 'cause', 'replacedAt'])
          .expression(
            trx
              .selectFrom('products')
              .select((eb) => [
                'id',
                eb.val(replaced.field).as('field'),
                eb.val(replaced.value).as('value'),
                eb.val(replaced.cause).as('cause'),
                eb.val(at.toISOString()).as('replacedAt'),
              ])
              .where('id', '=', productId)
              .$if(kind === 'postgres', (query) => query.forKeyShare()),
          )
          .execute();
        const kept = trx
          .selectFrom('productFieldVersions')
          .select('id')
          .where('productId', '=', productId)
          .where('field', '=', replaced.field)
          .orderBy('id', 'desc')
          .limit(FIELD_VERSIONS_KEPT);
        await trx
          .deleteFrom('productFieldVersions')
          .where('productId', '=', productId)
          .where('field', '=', replaced.field)
          .where('id', 'not in', kept)
          .execute();
      });
    },
  };
}

export type FieldVersionRepository = ReturnType<typeof createFieldVersionRepository>;
