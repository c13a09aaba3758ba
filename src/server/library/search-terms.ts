/**
 * A seller's search box text turned into a full-text query each database reads as literal words
 * (ADR 018): every token quoted, so `BENCH-100821`, `"`, `AND` or `NEAR(` are words to find,
 * never query syntax, and the last token matched as a prefix (the seller may still be typing).
 */

/** A token with no letter or digit finds nothing in either index; it is left out. */
const SEARCHABLE = /[\p{L}\p{N}]/u;

/**
 * The words of a search, or null for a blank one (everything matches). An empty list means the
 * text has nothing searchable ('"', '--'): nothing matches.
 */
export function searchTokens(term: string): string[] | null {
  const words = term.trim().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return null;
  return words.filter((word) => SEARCHABLE.test(word));
}

/** SQLite FTS5: `"café" "bench-1008"*` (a quoted string is a phrase; `""` is a literal quote). */
export function fts5Query(tokens: readonly string[]): string {
  return tokens
    .map((token, i) => {
      const quoted = `"${token.replaceAll('"', '""')}"`;
      return i === tokens.length - 1 ? `${quoted}*` : quoted;
    })
    .join(' ');
}

/**
 * PostgreSQL `to_tsquery`: `'café' & 'bench-1008':*`. Inside quotes the text is still parsed by
 * the configuration (accents folded, a hyphenated word split as the document's was), but no
 * operator in it is read as one.
 */
export function tsQuery(tokens: readonly string[]): string {
  return tokens
    .map((token, i) => {
      const quoted = `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
      return i === tokens.length - 1 ? `${quoted}:*` : quoted;
    })
    .join(' & ');
}

/** Substrings shorter than a trigram cannot use the trigram index; full text covers them. */
export const SUBSTRING_MIN_LENGTH = 3;

/** An ILIKE pattern finding `term` anywhere (its own `%`, `_` and `\` are literal). */
export function substringPattern(term: string): string {
  return `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
