import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '#server/db/connection.js';
import { MIGRATION_NAMES, migrateToLatest } from '#server/db/migrate.js';
import type { Database } from '#server/db/schema.js';
import * as accounts from '#server/db/migrations/001_accounts.js';
import * as products from '#server/db/migrations/002_products.js';
import * as billing from '#server/db/migrations/003_billing.js';
import * as draftEvidence from '#server/db/migrations/004_draft_evidence.js';
import * as productAppearances from '#server/db/migrations/005_product_appearances.js';
import { createOutboxMailer } from '#server/mail/outbox-mailer.js';
import { connectionsClosed, createTestDatabase, usingPostgres } from '../support/database.js';
import { createFakeVisionProvider } from '../support/fake-vision-provider.js';
import { buildTestConfig, removeTempDirs, tempDir } from '../support/harness.js';

/** What the old runner knew; every later migration runs normally on an adopted database. */
const LEGACY = [
  '001_accounts',
  '002_products',
  '003_billing',
  '004_draft_evidence',
  '005_product_appearances',
];
const ALL = MIGRATION_NAMES;
const AFTER_LEGACY = ALL.filter((name) => !LEGACY.includes(name));

/**
 * A frozen copy of the runner that applied migrations before Kysely's Migrator (its
 * `schemaMigrations` table and rows exactly as it wrote them), applying versions 1..`upTo`.
 */
async function migrateWithOldRunner(
  db: Kysely<Database>,
  kind: DatabaseKind,
  upTo: number,
): Promise<void> {
  const old = [
    { version: 1, name: 'accounts', up: accounts.up },
    { version: 2, name: 'products', up: products.up },
    { version: 3, name: 'billing', up: billing.up },
    { version: 4, name: 'draft evidence', up: draftEvidence.up },
    { version: 5, name: 'product appearances', up: productAppearances.up },
  ];
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
  for (const migration of old.filter((m) => m.version <= upTo)) {
    await db.transaction().execute(async (trx) => {
      await migration.up(trx as unknown as Kysely<unknown>, kind);
      await sql`insert into "schemaMigrations" ("version", "name", "appliedAt")
        values (${migration.version}, ${migration.name}, ${new Date().toISOString()})`.execute(trx);
    });
  }
}

const opened: { handle: DatabaseHandle; url: string | undefined }[] = [];
const drops: (() => Promise<void>)[] = [];

/** A fresh empty database and a way to open (more) connections to it. */
async function freshDatabase() {
  const database = await createTestDatabase();
  drops.push(database.drop);
  const config = buildTestConfig(await tempDir(), database.env);
  return {
    config,
    open(): DatabaseHandle {
      const handle = openDatabase(config.database);
      opened.push({ handle, url: database.env.DATABASE_URL });
      return handle;
    },
  };
}

async function closeAll(): Promise<void> {
  const handles = opened.splice(0);
  await Promise.all(handles.map(({ handle }) => handle.db.destroy()));
  // Every handle opened the same database: it has no connections left once all are closed.
  await connectionsClosed(handles[0]?.url);
}

afterEach(async () => {
  await closeAll();
  for (const drop of drops.splice(0)) await drop();
});
afterAll(removeTempDirs);

async function executedNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.rows.map((row) => row.name).sort();
}

async function seedUserAndProduct(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  await sql`insert into users (id, name, email, "emailVerified", "fixedCredits", "createdAt", "updatedAt")
    values ('u1', 'Old Seller', 'old@example.com', ${usingPostgres ? sql`true` : sql`1`}, 7, ${now}, ${now})`.execute(
    db,
  );
  await sql`insert into products (id, "userId", "imageId", "fileName", title, "generationState",
      "creditState", "createdAt", "updatedAt")
    values ('p1', 'u1', 'i1', 'mug.jpg', 'Blue mug', 'ready', 'spent', ${now}, ${now})`.execute(db);
}

describe(`migrations (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('applies every migration to an empty database once', async () => {
    const { open } = await freshDatabase();
    const handle = open();
    expect(await migrateToLatest(handle)).toEqual({ applied: ALL, adopted: [] });
    expect(await migrateToLatest(handle)).toEqual({ applied: [], adopted: [] });
    expect(await executedNames(handle.db)).toEqual(ALL);
  });

  it('adopts a database made by the old runner without running its migrations again', async () => {
    const { config, open } = await freshDatabase();
    const handle = open();
    await migrateWithOldRunner(handle.db, handle.kind, 5);
    await seedUserAndProduct(handle.db);

    // Running 001 again would fail (its tables exist), and so would 004's columns.
    expect(await migrateToLatest(handle)).toEqual({ applied: AFTER_LEGACY, adopted: LEGACY });
    expect(await executedNames(handle.db)).toEqual(ALL);
    expect(await migrateToLatest(handle)).toEqual({ applied: [], adopted: [] });
    await closeAll();

    // The app starts on it and reads what was there before.
    const { dataDir } = config;
    const { app, catalog: built } = await buildApp(config, {
      visionProvider: createFakeVisionProvider(),
      mailer: createOutboxMailer(path.join(dataDir, 'outbox'), () => {}),
      webRoot: path.join(dataDir, 'no-web-build'),
      logStream: { write: () => {} },
    });
    try {
      const rows = await built.products.listForUser('u1');
      expect(rows.map((row) => [row.id, row.title])).toEqual([['p1', 'Blue mug']]);
    } finally {
      await app.close();
      if (config.database.kind === 'postgres') await connectionsClosed(config.database.url);
    }
  });

  it('adopts what the old runner applied and applies the rest', async () => {
    const { open } = await freshDatabase();
    const handle = open();
    await migrateWithOldRunner(handle.db, handle.kind, 3);
    const now = new Date().toISOString();
    await sql`insert into users (id, name, email, "emailVerified", "createdAt", "updatedAt")
      values ('u1', 'Old Seller', 'old@example.com', ${usingPostgres ? sql`true` : sql`1`}, ${now}, ${now})`.execute(
      handle.db,
    );

    expect(await migrateToLatest(handle)).toEqual({
      applied: ['004_draft_evidence', '005_product_appearances', ...AFTER_LEGACY],
      adopted: ['001_accounts', '002_products', '003_billing'],
    });
    expect(await executedNames(handle.db)).toEqual(ALL);
    const users = await sql<{ email: string }>`select email from users`.execute(handle.db);
    expect(users.rows).toEqual([{ email: 'old@example.com' }]);
    // 005's column exists now.
    await sql`select "categoryConfirmedAt" from products`.execute(handle.db);
  });

  it.runIf(usingPostgres)(
    'two processes migrating one database at once both succeed and apply each migration once',
    async () => {
      const { open } = await freshDatabase();
      const [first, second] = await Promise.all([migrateToLatest(open()), migrateToLatest(open())]);
      expect([...first.applied, ...second.applied].sort()).toEqual(ALL);
      expect([first.applied, second.applied]).toContainEqual([]);
      expect(await executedNames(open().db)).toEqual(ALL);
    },
  );

  it.runIf(usingPostgres)(
    'two processes adopting an old database at once both succeed and run only the newer ones, once',
    async () => {
      const { open } = await freshDatabase();
      const handle = open();
      await migrateWithOldRunner(handle.db, handle.kind, 5);
      await seedUserAndProduct(handle.db);
      const [first, second] = await Promise.all([migrateToLatest(open()), migrateToLatest(open())]);
      expect([...first.applied, ...second.applied].sort()).toEqual(AFTER_LEGACY);
      expect([first.applied, second.applied]).toContainEqual([]);
      expect([...first.adopted, ...second.adopted].sort()).toEqual(LEGACY);
      expect(await executedNames(handle.db)).toEqual(ALL);
      const users = await sql<{ n: string }>`select count(*) as n from users`.execute(handle.db);
      expect(Number(users.rows[0]!.n)).toBe(1);
    },
  );
});
