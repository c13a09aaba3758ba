import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
    kind: 'sqlite',
  };
}
