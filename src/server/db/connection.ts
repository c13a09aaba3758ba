import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config.js';
import type { Database } from './schema.js';

export type DatabaseKind = AppConfig['database']['kind'];

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
}

export function openDatabase(settings: AppConfig['database']): DatabaseHandle {
  if (settings.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: settings.url, max: 10 });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: 'postgres',
    };
  }
  if (settings.file !== ':memory:') mkdirSync(path.dirname(settings.file), { recursive: true });
  const sqlite = new SQLite(settings.file);
  // WAL lets readers proceed while a write is in progress; foreign keys make deletes cascade.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  addRegexp(sqlite);
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: reusingStatements(sqlite) }),
    }),
    kind: 'sqlite',
  };
}

/**
 * `regexp(pattern, text)`, 1 or 0, which SQLite leaves to the application: the library audit
 * (gap-conditions.ts) filters with the same patterns src/domain/catalogue-gaps.ts tests in
 * JavaScript, so on SQLite both are one engine. Patterns come from code, never from a request:
 * the compiled ones are kept.
 */
function addRegexp(sqlite: SQLite.Database): void {
  const compiled = new Map<string, RegExp>();
  sqlite.function('regexp', { deterministic: true }, (pattern: unknown, text: unknown) => {
    if (typeof pattern !== 'string' || typeof text !== 'string') return null;
    let expression = compiled.get(pattern);
    if (!expression) {
      expression = new RegExp(pattern, 'u');
      compiled.set(pattern, expression);
    }
    return expression.test(text) ? 1 : 0;
  });
}

/** Prepared statements kept per SQL text; the least recently used is dropped past this. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; with better-sqlite3 that is most of a small query's cost
 * (~0.1 ms each, several per request). Statements are kept by their SQL text and reused. One
 * still being iterated (a streamed query) is busy: that call gets a fresh statement.
 */
function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const kept = statements.get(text);
      if (kept && !kept.busy) {
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const statement = sqlite.prepare(text);
      if (!kept) {
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value!);
        }
        statements.set(text, statement);
      }
      return statement;
    },
  };
}
