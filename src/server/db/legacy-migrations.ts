/**
 * The bookkeeping of the hand-written runner that applied migrations before Kysely's Migrator
 * (ADR 014): a `schemaMigrations` table with one row per applied version. A database it made is
 * adopted by the Migrator: a migration whose version that table records is marked executed
 * without running again. Frozen: migrations after 005 never had a legacy version.
 */
import type { Kysely } from 'kysely';

/** Migration names by the version the old runner recorded for them (index + 1). */
const LEGACY_MIGRATIONS = [
  '001_accounts',
  '002_products',
  '003_billing',
  '004_draft_evidence',
  '005_product_appearances',
] as const;

const LEGACY_TABLE = 'schemaMigrations';

interface LegacyDatabase {
  schemaMigrations: { version: number };
}

/** The versions the old runner recorded; none when the database never saw it. */
async function readLegacyVersions(db: Kysely<unknown>): Promise<Set<number>> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === LEGACY_TABLE)) return new Set();
  const rows = await (db as Kysely<LegacyDatabase>)
    .selectFrom(LEGACY_TABLE)
    .select('version')
    .execute();
  return new Set(rows.map((row) => Number(row.version)));
}

/**
 * Answers, during one Migrator run, whether the old runner already applied a migration. The
 * legacy table is read once, on the first question, inside the Migrator's locked transaction.
 */
export function legacyBookkeeping() {
  let versions: Promise<Set<number>> | undefined;
  return {
    async applied(db: Kysely<unknown>, name: string): Promise<boolean> {
      const index = (LEGACY_MIGRATIONS as readonly string[]).indexOf(name);
      if (index === -1) return false;
      versions ??= readLegacyVersions(db);
      return (await versions).has(index + 1);
    },
  };
}
