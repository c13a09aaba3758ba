/**
 * The store's terms a product is filed under, found by name or created: its category along our
 * category path ('Apparel & Accessories > … > Belts', each level under its parent) and its tags.
 * WooCommerce saves a product's categories and tags by id only, so each name is searched for
 * (`GET /products/{categories|tags}?search=`), else made (`POST`); a `term_exists` refusal
 * (made meanwhile, or not among the search's first page) names the existing term's id.
 */
import { unescapeHtml } from '#domain/woocommerce-publish.js';
import { HttpError } from '../http/errors.js';
import type { StoreAccess } from './gateway.js';
import { termListSchema, termSchema } from './reply-schemas.js';
import type { RestClient } from './rest-client.js';

type Taxonomy = 'categories' | 'tags';

/** How a refusal names the term, and its error code. */
const REFUSALS: Record<Taxonomy, { noun: string; code: string }> = {
  categories: { noun: 'category', code: 'woocommerce-refused-category' },
  tags: { noun: 'tag', code: 'woocommerce-refused-tag' },
};

/** WooCommerce answers term names HTML-escaped ('Home &amp; Garden'); WordPress ignores case. */
const same = (a: string, b: string) =>
  unescapeHtml(a).trim().toLowerCase() === b.trim().toLowerCase();

/** One term's id: found by name (under `parent`, for a category), or created. */
async function termId(
  client: RestClient,
  store: StoreAccess,
  taxonomy: Taxonomy,
  name: string,
  parent: number,
): Promise<number> {
  const hierarchical = taxonomy === 'categories';
  const query = new URLSearchParams({
    search: name,
    ...(hierarchical ? { parent: String(parent) } : {}),
    per_page: '100',
    hide_empty: 'false',
  });
  const found = await client.call(
    store,
    'GET',
    `/products/${taxonomy}?${query.toString()}`,
    termListSchema,
  );
  const id =
    found.kind === 'ok'
      ? found.data.find((term) => term.parent === parent && same(term.name, name))?.id
      : undefined;
  if (id !== undefined) return id;
  const created = await client.call(
    store,
    'POST',
    `/products/${taxonomy}`,
    termSchema,
    hierarchical ? { name, parent } : { name },
  );
  if (created.kind === 'ok') return created.data.id;
  if (created.code === 'term_exists' && created.resourceId !== null) return created.resourceId;
  const { noun, code } = REFUSALS[taxonomy];
  throw new HttpError(
    422,
    `WooCommerce did not accept the ${noun} “${name}”: ${created.message}`,
    code,
  );
}

/** The leaf category's id, its parents made on the way; [] without a category. */
export async function categoryIds(
  client: RestClient,
  store: StoreAccess,
  path: string[],
): Promise<number[]> {
  let parent = 0;
  for (const name of path) parent = await termId(client, store, 'categories', name, parent);
  // The product goes in the leaf only, as a seller filing it by hand would.
  return path.length > 0 ? [parent] : [];
}

/** The tags' ids, in order, each once (the names are already distinct ignoring case). */
export async function tagIds(
  client: RestClient,
  store: StoreAccess,
  names: string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const id = await termId(client, store, 'tags', name, 0);
    // The store may file two of our names as one term (WordPress strips markup from names).
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
