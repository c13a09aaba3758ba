import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Stands in for argument `i` while the query is compiled; no real value looks like it. */
function sentinel(i: number): string {
  return `\u0000compiled-once-argument-${i}\u0000`;
}

/**
 * A query built and compiled by Kysely once; each call runs that SQL with its own arguments.
 * Building and compiling cost more than running a small query on SQLite (~20 % of a profile
 * read under load, issue 29), so the hottest reads use this. Each argument must be one bound
 * value (a string, number or date): the builder runs once, with stand-ins, so it must not branch
 * on its arguments or spread them into a list.
 */
export function compiledOnce<Args extends readonly (string | number | Date)[], Row>(
  db: Kysely<Database>,
  arity: Args['length'],
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  const stands = Array.from({ length: arity }, (_, i) => sentinel(i));
  const compiled = build(...(stands as unknown as Args)).compile();
  const slots = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' ? stands.indexOf(parameter) : -1,
  );
  for (let i = 0; i < arity; i++) {
    if (!slots.includes(i)) throw new Error(`compiledOnce: argument ${i} is not a bound value`);
  }
  return async (...args) => {
    const parameters = compiled.parameters.map((parameter, at) => {
      const slot = slots[at]!;
      return slot === -1 ? parameter : args[slot];
    });
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
