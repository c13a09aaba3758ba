// @vitest-environment node
import type { Insertable, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyProduct } from '#domain/catalogue-rows';
import type { Database, ProductsTable } from '../db/schema';
import { loadTaxonomy } from '../vision/index';
import type { ImportRepository } from './import-repository';
import { createImportWriter, type Counts } from './import-writer';

const MUGS = 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs';

/** The writer's new products, with a repository that finds no earlier import and keeps rows. */
async function written(categories: (string | null)[]) {
  const rows: Insertable<ProductsTable>[] = [];
  const imports = {
    existingSources: () => Promise.resolve([]),
    insertProducts: (_trx: unknown, batch: Insertable<ProductsTable>[]) => {
      rows.push(...batch);
      return Promise.resolve();
    },
    recordVersions: () => Promise.resolve(),
    insertItems: () => Promise.resolve(),
  } as unknown as ImportRepository;
  // The fuzzy match scans every category (~5 ms each on the shipped taxonomy): never per row.
  const taxonomy = {
    ...loadTaxonomy(),
    match: () => {
      throw new Error('the import asked for a fuzzy category match');
    },
  };
  const writer = createImportWriter({ imports, taxonomy: () => taxonomy });
  const counts: Counts = { created: 0, updated: 0, skippedCount: 0, skipped: [] };
  const batch = categories.map((category, i) => ({
    ...emptyProduct(`p-${i}`, i + 2),
    title: `Product ${i}`,
    category,
  }));
  const context = { userId: 'u', importId: 'i', fileName: 'f.csv', format: 'shopify', at: 'now' };
  await writer.writeBatch({} as Kysely<Database>, context as never, batch, counts);
  return rows.map((row) => [row.categoryId, row.categoryFullName]);
}

describe('import writer: categories', () => {
  it('takes a category the file names exactly, by path or id, and guesses at no free text', async () => {
    expect(
      await written([
        MUGS,
        'home and garden > kitchen and dining',
        'gid://shopify/TaxonomyCategory/hg-11-10-5-5',
        'Mugs',
        'Coffee mug',
        null,
      ]),
    ).toEqual([
      ['gid://shopify/TaxonomyCategory/hg-11-10-5-5', MUGS],
      ['gid://shopify/TaxonomyCategory/hg-11', 'Home & Garden > Kitchen & Dining'],
      ['gid://shopify/TaxonomyCategory/hg-11-10-5-5', MUGS],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});
