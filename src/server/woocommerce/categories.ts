/**
 * The store's category for our category path ('Apparel & Accessories > … > Belts'): each level
 * found under its parent by name, or created (`POST /products/categories` with `parent`). A
 * `term_exists` refusal (created meanwhile) names the existing term's id.
 */
import { unescapeHtml } from '#domain/woocommerce-publish.js';
import { HttpError } from '../http/errors.js';
import type { StoreAccess } from './gateway.js';
import { categoryListSchema, categorySchema } from './reply-schemas.js';
import type { RestClient } from './rest-client.js';

/** WooCommerce answers term names HTML-escaped ('Home &amp; Garden'). */
const same = (a: string, b: string) =>
  unescapeHtml(a).trim().toLowerCase() === b.trim().toLowerCase();

/** The leaf category's id, its parents made on the way; [] without a category. */
export async function categoryIds(
  client: RestClient,
  store: StoreAccess,
  path: string[],
): Promise<number[]> {
  const ids: number[] = [];
  let parent = 0;
  for (const name of path) {
    const query = new URLSearchParams({
      search: name,
      parent: String(parent),
      per_page: '100',
      hide_empty: 'false',
    });
    const found = await client.call(
      store,
      'GET',
      `/products/categories?${query.toString()}`,
      categoryListSchema,
    );
    let id =
      found.kind === 'ok'
        ? found.data.find((term) => term.parent === parent && same(term.name, name))?.id
        : undefined;
    if (id === undefined) {
      const created = await client.call(store, 'POST', '/products/categories', categorySchema, {
        name,
        parent,
      });
      if (created.kind === 'ok') id = created.data.id;
      else if (created.code === 'term_exists' && created.resourceId !== null) {
        id = created.resourceId;
      } else {
        throw new HttpError(
          422,
          `WooCommerce did not accept the category “${name}”: ${created.message}`,
          'woocommerce-refused-category',
        );
      }
    }
    ids.push(id);
    parent = id;
  }
  // The product goes in the leaf only, as a seller filing it by hand would.
  return ids.slice(-1);
}
