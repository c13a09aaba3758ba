import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `npm run test:server:pg` sets TEST_DATABASE=postgres; otherwise every app gets a SQLite file. */
export const usingPostgres = process.env.TEST_DATABASE === 'postgres';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Environment for loadConfig: DATABASE_URL on PostgreSQL, nothing on SQLite. */
  env: Record<string, string>;
  /** Drops the database; call after the app using it is closed (its pool ended). */
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database. On SQLite the app creates its file inside its own temporary DATA_DIR,
 * so there is nothing to do here; on PostgreSQL a database with a random name is created on the
 * local server and dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usingPostgres) return { env: {}, drop: async () => {} };
  return createPostgresDatabase();
}

/** A fresh PostgreSQL database whatever TEST_DATABASE says (tests of several processes). */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `listsmith_test_${randomBytes(8).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    // WITH (FORCE) ends connections a failed test may have left open (PostgreSQL 13+).
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

/**
 * pg's pool.end() resolves while its connections may still be closing; dropping the database
 * WITH (FORCE) at that moment kills them and they report an unhandled FATAL error. Waits (up
 * to 2 s) until the server lists none of them.
 */
export async function connectionsClosed(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (let waited = 0; waited < 2_000; waited += 25) {
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await client.end();
  }
}
