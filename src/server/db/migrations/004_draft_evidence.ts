import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/** Draft evidence columns on products: see schema.ts. Written with the analyzer's evidence. */
export async function up(_db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {}
