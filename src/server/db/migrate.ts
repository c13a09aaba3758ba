import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from './connection.js';
import * as accounts from './migrations/001_accounts.js';
import * as products from './migrations/002_products.js';
import * as billing from './migrations/003_billing.js';
import * as draftEvidence from './migrations/004_draft_evidence.js';
import * as productAppearances from './migrations/005_product_appearances.js';
import * as authThrottles from './migrations/006_auth_throttles.js';

interface Migration {
  version: number;
  name: string;
  up: (db: Kysely<unknown>, kind: DatabaseKind) => Promise<void>;
}

/** Versioned, append-only. Never edit a released migration: add the next one. */
const migrations: Migration[] = [
  { version: 1, name: 'accounts', up: accounts.up },
  { version: 2, name: 'products', up: products.up },
  { version: 3, name: 'billing', up: billing.up },
  { version: 4, name: 'draft evidence', up: draftEvidence.up },
  { version: 5, name: 'product appearances', up: productAppearances.up },
  { version: 6, name: 'auth throttles', up: authThrottles.up },
];

/** Applies pending migrations in order, each in its own transaction. Returns the versions applied. */
export async function migrateToLatest({ db, kind }: DatabaseHandle): Promise<number[]> {
  await db.schema
    .createTable('schemaMigrations')
    .ifNotExists()
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('appliedAt', kind === 'postgres' ? 'timestamptz' : 'date', (c) =>
      c
        .notNull()
        .defaultTo(kind === 'postgres' ? sql`CURRENT_TIMESTAMP` : sql`(CURRENT_TIMESTAMP)`),
    )
    .execute();
  const done = new Set(
    (await db.selectFrom('schemaMigrations').select('version').execute()).map((row) => row.version),
  );
  const applied: number[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    await db.transaction().execute(async (trx) => {
      await migration.up(trx as unknown as Kysely<unknown>, kind);
      await trx
        .insertInto('schemaMigrations')
        .values({
          version: migration.version,
          name: migration.name,
          appliedAt: new Date().toISOString(),
        })
        .execute();
    });
    applied.push(migration.version);
  }
  return applied;
}
