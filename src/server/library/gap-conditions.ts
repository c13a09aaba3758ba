/**
 * The library audit's gaps (src/domain/catalogue-gaps.ts) as SQL conditions on `products`, so a
 * filter pages by keyset and the totals are one pass over the seller's library. Blank text and
 * word counts use the domain's own patterns: SQLite runs them through the `regexp` function
 * (connection.ts: JavaScript's engine, as the domain does), PostgreSQL through `~`, which reads
 * these simple patterns alike.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  CATALOGUE_GAPS,
  ENOUGH_WORDS_PATTERN,
  HAS_TEXT_PATTERN,
  type CatalogueGap,
} from '#domain/catalogue-gaps.js';
import type { DatabaseKind } from '../db/connection.js';

type ProductTextColumn = 'title' | 'description' | 'seoTitle' | 'seoDescription' | 'altText';

export function gapConditions(kind: DatabaseKind, userId: string) {
  function matches(column: ProductTextColumn, pattern: string): RawBuilder<SqlBool> {
    const ref = sql.ref(`products.${column}`);
    return kind === 'sqlite'
      ? sql<SqlBool>`regexp(${pattern}, ${ref}) = 1`
      : sql<SqlBool>`${ref} ~ ${pattern}`;
  }
  const blank = (column: ProductTextColumn) =>
    sql<SqlBool>`not (${matches(column, HAS_TEXT_PATTERN)})`;

  // JavaScript's \p{Lu}/\p{Ll} on SQLite; PostgreSQL's classes follow the database's LC_CTYPE
  // (a UTF-8 locale reads accented capitals too).
  const inCapitals =
    kind === 'sqlite'
      ? sql<SqlBool>`(${matches('title', '\\p{Lu}')} and not (${matches('title', '\\p{Ll}')}))`
      : sql<SqlBool>`("products"."title" ~ '[[:upper:]]' and "products"."title" !~ '[[:lower:]]')`;

  /**
   * Another of the seller's library products has the title, compared without case (untitled
   * ones aside); migration 027 indexes `lower("title")` per seller. SQLite looks the twin up per
   * product through that index: grouping the whole library cost every count ~10 ms at 10,000
   * products, however few the search matched, and SQLite's queries hold the event loop. The
   * lookup measured slower on PostgreSQL for broad counts (190 against 116 ms for the whole
   * library), where the titles are grouped once. SQLite's lower() folds ASCII letters only, so
   * there 'CAFÉ' and 'café' are two titles.
   */
  const duplicateTitle =
    kind === 'sqlite'
      ? sql<SqlBool>`exists (select 1 from "products" as "twin"
          where "twin"."userId" = ${userId} and "twin"."status" <> 'draft'
          and "twin"."id" <> "products"."id" and lower("twin"."title") = lower("products"."title"))`
      : sql<SqlBool>`lower("products"."title") in (select lower("t"."title") from "products" as "t"
          where "t"."userId" = ${userId} and "t"."status" <> 'draft' and "t"."title" <> ''
          group by lower("t"."title") having count(*) > 1)`;

  const conditions: Record<CatalogueGap, RawBuilder<SqlBool>> = {
    'no-description': blank('description'),
    'short-description': sql<SqlBool>`(${matches('description', HAS_TEXT_PATTERN)}
      and not (${matches('description', ENOUGH_WORDS_PATTERN)}))`,
    'no-seo': sql<SqlBool>`(${blank('seoTitle')} or ${blank('seoDescription')})`,
    'no-alt-text': blank('altText'),
    'no-category': sql<SqlBool>`(coalesce("products"."categoryId", '') = ''
      or coalesce("products"."categoryFullName", '') = '')`,
    'no-tags': sql<SqlBool>`"products"."tags" = '[]'`,
    'title-in-capitals': inCapitals,
    'duplicate-title': sql<SqlBool>`("products"."title" <> '' and ${duplicateTitle})`,
  };
  return conditions;
}

/** The select list counting each gap: one column per gap id. */
export function gapCountColumns(conditions: Record<CatalogueGap, RawBuilder<SqlBool>>) {
  return CATALOGUE_GAPS.map((gap) =>
    sql<number | string | null>`sum(case when ${conditions[gap]} then 1 else 0 end)`.as(gap),
  );
}
