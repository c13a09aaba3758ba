import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connection.js';

/** Billing: see the tables' comments in schema.ts. Written with the billing capability. */
export async function up(_db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {}
