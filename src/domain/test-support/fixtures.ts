import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared reference CSVs (`shared/fixtures/csv/`, a sibling of the repository). Built with
 * node:path rather than `new URL()`: under the jsdom environment `URL` is jsdom's, which
 * node:fs does not accept.
 */
export const FIXTURE_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/fixtures/csv',
);

export const SHOPIFY_FIXTURE = 'shopify_template_2021_48col__MaximeLaroche.csv';
export const SHOPIFY_2019_FIXTURE = 'shopify_template_2019_47col__umsu2.csv';
export const SHOPIFY_2023_FIXTURE = 'shopify_template_2023_48col_markets__yavuztopsever.csv';
export const SQUARESPACE_FIXTURE = 'squarespace_import_test_26col__ohiobarn.csv';

export function readFixture(name: string): string {
  return readFileSync(resolve(FIXTURE_DIR, name), 'utf8');
}
