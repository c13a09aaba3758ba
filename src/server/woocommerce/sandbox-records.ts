/**
 * What a sandbox WooCommerce store holds (migration 024's `woocommerceSandboxRecords`): each
 * product, variation, category and tag as the REST API answers it, per seller and store address.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, WoocommerceSandboxRecordsTable } from '../db/schema.js';
import type { WooReply } from './gateway.js';

export interface SandboxScope {
  sellerId: string;
  storeUrl: string;
}

export type RecordKind = WoocommerceSandboxRecordsTable['kind'];
export type SandboxRecord = Record<string, unknown> & { id: number };

export const reply = (status: number, body: unknown): WooReply => ({
  status,
  retryAfterSeconds: null,
  body,
});
/** WooCommerce's error shape: `{code, message, data: {status, …}}`. */
export const refuse = (status: number, code: string, message: string, extra: object = {}) =>
  reply(status, { code, message, data: { status, ...extra } });

export const newId = () => randomInt(1, 2 ** 31);

export function createSandboxRecords(db: Kysely<Database>, now: () => Date) {
  const rows = (scope: SandboxScope, kind: RecordKind) =>
    db
      .selectFrom('woocommerceSandboxRecords')
      .where('sellerId', '=', scope.sellerId)
      .where('storeUrl', '=', scope.storeUrl)
      .where('kind', '=', kind);

  return {
    /** Oldest first; a product's variations when `parentId` is given. */
    async list(scope: SandboxScope, kind: RecordKind, parentId?: string): Promise<SandboxRecord[]> {
      const found = await rows(scope, kind)
        .select('data')
        .$if(parentId !== undefined, (q) => q.where('parentId', '=', parentId!))
        .orderBy('createdAt')
        .execute();
      return found.map((row) => JSON.parse(row.data) as SandboxRecord);
    },

    async find(
      scope: SandboxScope,
      kind: RecordKind,
      id: string,
    ): Promise<SandboxRecord | undefined> {
      const row = await rows(scope, kind).select('data').where('id', '=', id).executeTakeFirst();
      return row ? (JSON.parse(row.data) as SandboxRecord) : undefined;
    },

    async save(
      scope: SandboxScope,
      kind: RecordKind,
      data: SandboxRecord,
      parentId: string | null,
    ) {
      const at = now().toISOString();
      const values = { data: JSON.stringify({ ...data, date_modified: at }), updatedAt: at };
      await db
        .insertInto('woocommerceSandboxRecords')
        .values({ id: String(data.id), ...scope, kind, parentId, createdAt: at, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
    },

    async remove(scope: SandboxScope, kind: RecordKind, id: string) {
      await db
        .deleteFrom('woocommerceSandboxRecords')
        .where('sellerId', '=', scope.sellerId)
        .where('storeUrl', '=', scope.storeUrl)
        .where('kind', '=', kind)
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SandboxRecords = ReturnType<typeof createSandboxRecords>;
