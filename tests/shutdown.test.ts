/**
 * The server process stopped by a signal closes the app (generation queue, analyzer threads,
 * database connections) and exits 0 by itself, without the native abort Node 24 prints when a
 * process ends with native handles still alive (seen with better-sqlite3 12 statements:
 * `RemoveEnvironmentCleanupHook … Statement::~Statement`). Runs on SQLite and PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './support/database.js';
import { removeTempDirs, STRONG_PASSWORD, tempDir, uniqueEmail } from './support/harness.js';
import {
  NATIVE_TRACE,
  START_TIMEOUT_MS,
  startServerProcess,
  type ServerProcess,
} from './support/server-process.js';

afterAll(removeTempDirs);

/** An idle server has nothing to wait for: it should be gone well within this. */
const EXIT_TIMEOUT_MS = 8_000;

/** Reads and writes through the database, so the process holds what a working server holds. */
async function exercise(server: ServerProcess): Promise<void> {
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: uniqueEmail('shutdown'), password: STRONG_PASSWORD, name: 'x' }),
  });
  expect(signUp.status).toBe(200);
  for (let i = 0; i < 20; i += 1) {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }
}

describe('server process shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s closes the app and exits 0 with no native trace',
    async (signal) => {
      const database = await createTestDatabase();
      try {
        const server = await startServerProcess({ DATA_DIR: await tempDir(), ...database.env });
        await exercise(server);
        const exit = await server.stop(signal, EXIT_TIMEOUT_MS);
        expect(exit, server.stderr()).toEqual({ code: 0, signal: null });
        expect(server.stderr()).not.toMatch(NATIVE_TRACE);
      } finally {
        await database.drop();
      }
    },
    START_TIMEOUT_MS + EXIT_TIMEOUT_MS + 10_000,
  );
});
