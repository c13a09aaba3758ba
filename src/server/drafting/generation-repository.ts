/**
 * Queries of the generation job, whose state is the product row: which products wait, and the
 * two ways a pending product ends. Both endings only move a row that is still pending, so a
 * product deleted or already finished meanwhile is left alone.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ProductColumns, ProductRow } from '../catalog/index.js';

export interface GenerationFailure {
  code: string;
  message: string;
  retryable: boolean;
}

export function createGenerationRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<ProductRow | undefined> {
      return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Oldest upload first; inside one upload, in upload order. */
    async pendingIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('products')
        .select('id')
        .where('generationState', '=', 'pending')
        .orderBy('createdAt', 'asc')
        .orderBy('batchPosition', 'asc')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The draft's columns written and its reserved credit spent. */
    markReady(
      trx: Kysely<Database>,
      id: string,
      draft: ProductColumns,
    ): Promise<ProductRow | undefined> {
      return trx
        .updateTable('products')
        .set({
          ...draft,
          generationState: 'ready',
          generationErrorCode: null,
          generationErrorMessage: null,
          generationRetryable: null,
          creditState: 'spent',
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', id)
        .where('generationState', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * A premium seller's product is saved to the library as soon as it is generated; it stays
     * on the review list until they finish reviewing. Undefined for a free seller's product.
     */
    saveIfPremium(trx: Kysely<Database>, id: string, at: Date): Promise<ProductRow | undefined> {
      const now = at.toISOString();
      return trx
        .updateTable('products')
        .set({ status: 'saved', savedAt: now, libraryAddedAt: now, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'draft')
        .where(
          sql<boolean>`exists (select 1 from "users" where "users"."id" = "products"."userId"
            and "users"."planName" = 'premium')`,
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** The failure recorded; the caller refunds the credit in the same transaction. */
    markFailed(
      trx: Kysely<Database>,
      id: string,
      failure: GenerationFailure,
    ): Promise<ProductRow | undefined> {
      return trx
        .updateTable('products')
        .set({
          generationState: 'failed',
          generationErrorCode: failure.code,
          generationErrorMessage: failure.message,
          generationRetryable: failure.retryable ? 1 : 0,
          updatedAt: new Date().toISOString(),
        })
        .where('id', '=', id)
        .where('generationState', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
