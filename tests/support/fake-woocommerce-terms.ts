/**
 * The fake store's product categories and tags (fake-woocommerce.ts), as WooCommerce's terms
 * endpoints answer them (`/products/categories`, `/products/tags`):
 * - GET: `search` over names ignoring case, `parent` for categories, ordered by name ignoring
 *   case, `per_page` (default 10, at most 100) and `page`; names HTML-escaped in every answer;
 * - POST `{name, parent}`: `term_exists` with the existing term's `resource_id` for a name made
 *   twice — a category beside a sibling of exactly that name, a tag anywhere whatever its case
 *   (wp_insert_term); a blank name is `rest_missing_callback_param`.
 */
export interface FakeTerm {
  id: number;
  name: string;
  parent: number;
}

export type FakeTaxonomy = 'categories' | 'tags';

export const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const answer = (term: FakeTerm) => ({ ...term, name: escape(term.name) });

export function fakeTerms(nextId: () => number) {
  const held = new Map<string, FakeTerm[]>();
  const list = (store: string, taxonomy: FakeTaxonomy) => {
    const key = `${taxonomy} ${store}`;
    const terms = held.get(key) ?? [];
    held.set(key, terms);
    return terms;
  };

  return {
    list,

    /** The merchant makes a term in WooCommerce's admin. */
    add(store: string, taxonomy: FakeTaxonomy, name: string): FakeTerm {
      const term = { id: nextId(), name, parent: 0 };
      list(store, taxonomy).push(term);
      return term;
    },

    handle(
      store: string,
      taxonomy: FakeTaxonomy,
      method: string,
      q: URLSearchParams,
      body: Record<string, unknown>,
    ): { status: number; body: unknown } {
      const terms = list(store, taxonomy);
      if (method === 'GET') {
        const search = (q.get('search') ?? '').toLowerCase();
        const parent = q.get('parent');
        const perPage = Math.min(Number(q.get('per_page') ?? 10), 100);
        const page = Number(q.get('page') ?? 1);
        const found = terms
          .filter(
            (term) =>
              term.name.toLowerCase().includes(search) &&
              (parent === null || String(term.parent) === parent),
          )
          .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
        return {
          status: 200,
          body: found.slice((page - 1) * perPage, page * perPage).map(answer),
        };
      }
      const name = String(body.name ?? '').trim();
      if (name === '') {
        const message = 'Missing parameter(s): name';
        return {
          status: 400,
          body: { code: 'rest_missing_callback_param', message, data: { status: 400 } },
        };
      }
      const hierarchical = taxonomy === 'categories';
      const parent = hierarchical ? Number(body.parent ?? 0) : 0;
      const same = terms.find((term) =>
        hierarchical
          ? term.name === name && term.parent === parent
          : term.name.toLowerCase() === name.toLowerCase(),
      );
      if (same) {
        const message = hierarchical
          ? 'A term with the name provided already exists with this parent.'
          : 'A term with the name provided already exists in this taxonomy.';
        return {
          status: 400,
          body: { code: 'term_exists', message, data: { status: 400, resource_id: same.id } },
        };
      }
      const created = { id: nextId(), name, parent };
      terms.push(created);
      return { status: 201, body: answer(created) };
    },

    /** A product's `categories` or `tags` as the store answers them: the ids it holds, named. */
    refs(store: string, taxonomy: FakeTaxonomy, given: unknown) {
      const terms = list(store, taxonomy);
      return ((given ?? []) as { id: number }[]).flatMap(({ id }) => {
        const term = terms.find((candidate) => candidate.id === id);
        return term ? [{ id, name: escape(term.name) }] : [];
      });
    },
  };
}
