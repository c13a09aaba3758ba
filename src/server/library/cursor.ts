/**
 * The library's page cursor: opaque to the browser (base64url JSON of the last product's
 * libraryAddedAt and id, and the search's total from its first page), checked on the way back in,
 * so a forged one is refused (400) instead of reaching the query.
 */
import { z } from 'zod';
import { HttpError } from '../http/errors.js';
import type { LibraryCursor } from './library-repository.js';

/**
 * A date a product was really saved on: the ISO format alone lets through days that do not exist
 * (30 February) and years no database stores (0000 answered 500 on PostgreSQL, issue 28).
 */
const savedAtSchema = z.iso.datetime().refine((text) => {
  const date = new Date(text);
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 9999 && date.toISOString().slice(0, 10) === text.slice(0, 10);
});

const cursorSchema = z
  .object({ p: savedAtSchema, i: z.uuid(), t: z.number().int().nonnegative().optional() })
  .strict()
  .transform(({ p, i, t }): LibraryCursor => ({
    libraryAddedAt: p,
    id: i,
    ...(t === undefined ? {} : { total: t }),
  }));

export function encodeCursor(cursor: LibraryCursor): string {
  return Buffer.from(
    JSON.stringify({ p: cursor.libraryAddedAt, i: cursor.id, t: cursor.total }),
  ).toString('base64url');
}

export function decodeCursor(text: string | undefined): LibraryCursor | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success)
    throw new HttpError(
      400,
      'This page link is no longer valid. Please search again.',
      'invalid-cursor',
    );
  return parsed.data;
}
