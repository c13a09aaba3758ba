import type { Kysely } from 'kysely';
import type { AttemptCounter } from '#domain/auth-throttle.js';
import type { Database } from '../db/schema.js';

/** Counters of src/domain/auth-throttle.ts, one row per purpose and account. */
export function createThrottleRepository(db: Kysely<Database>) {
  return {
    async find(key: string): Promise<AttemptCounter | undefined> {
      return db
        .selectFrom('authThrottles')
        .select(['count', 'firstAt', 'lastAt'])
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** Stores `next` only if the row is still `expected` (absent: undefined); false if it moved. */
    async replace(
      key: string,
      expected: AttemptCounter | undefined,
      next: AttemptCounter,
    ): Promise<boolean> {
      if (!expected) {
        const result = await db
          .insertInto('authThrottles')
          .values({ key, ...next })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
      }
      const result = await db
        .updateTable('authThrottles')
        .set(next)
        .where('key', '=', key)
        .where('count', '=', expected.count)
        .where('lastAt', '=', expected.lastAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(key: string): Promise<void> {
      await db.deleteFrom('authThrottles').where('key', '=', key).execute();
    },
  };
}
export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
