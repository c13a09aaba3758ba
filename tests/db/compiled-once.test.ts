import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/connection.js';
import { compiledOnce } from '#server/db/compiled-once.js';
import { migrateToLatest } from '#server/db/migrate.js';
import { connectionsClosed, createTestDatabase, type TestDatabase } from '../support/database.js';
import { removeTempDirs, tempDir } from '../support/harness.js';

let testDatabase: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const url = testDatabase.env.DATABASE_URL;
  handle = openDatabase(
    url
      ? { kind: 'postgres', url }
      : { kind: 'sqlite', file: `${await tempDir('listsmith-compiled-')}/listsmith.db` },
  );
  await migrateToLatest(handle);
  const at = new Date(Date.UTC(2026, 10, 1)).toISOString();
  await handle.db
    .insertInto('users')
    .values(
      ['ana', 'ben'].map((name) => ({
        id: `user-${name}`,
        email: `${name}@example.com`,
        name,
        emailVerified: handle.kind === 'postgres' ? true : 1,
        createdAt: at,
        updatedAt: at,
      })),
    )
    .execute();
});

afterAll(async () => {
  await handle.db.destroy();
  await connectionsClosed(testDatabase.env.DATABASE_URL);
  await testDatabase.drop();
  await removeTempDirs();
});

describe('compiledOnce', () => {
  it('runs the SQL compiled once with each call’s own arguments', async () => {
    const { db } = handle;
    const byEmail = compiledOnce(db, 2, (email: string, name: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', '=', email)
        .where('name', '=', name),
    );
    expect(await byEmail('ana@example.com', 'ana')).toEqual([
      { id: 'user-ana', email: 'ana@example.com' },
    ]);
    expect(await byEmail('ben@example.com', 'ben')).toEqual([
      { id: 'user-ben', email: 'ben@example.com' },
    ]);
    // Arguments are bound values: a quote or a stand-in's look-alike matches nothing.
    expect(await byEmail("ana@example.com' or '1'='1", 'ana')).toEqual([]);
    expect(await byEmail('ana@example.com', 'ben')).toEqual([]);
  });

  it('refuses a builder that does not bind an argument as one value', () => {
    const { db } = handle;
    expect(() =>
      compiledOnce(db, 1, (email: string) =>
        db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email.toLowerCase() + 'x'),
      ),
    ).toThrow('argument 0 is not a bound value');
  });
});
