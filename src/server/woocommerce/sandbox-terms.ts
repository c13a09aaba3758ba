/**
 * The sandbox store's product categories and tags, as WooCommerce's terms endpoints answer
 * (`/products/categories`, `/products/tags`): a search by name, names kept
 * HTML-escaped, and `term_exists` with the existing term's `resource_id` for a name made twice —
 * a category beside a sibling of exactly that name (wp_insert_term compares hierarchical terms'
 * names as given), a tag anywhere in the taxonomy, whatever its case.
 */
import { z } from 'zod';
import { escapeHtml } from '#domain/export-common.js';
import { unescapeHtml } from '#domain/woocommerce-publish.js';
import { slugify } from '#domain/slug.js';
import type { WooMethod, WooReply } from './gateway.js';
import {
  newId,
  refuse,
  reply,
  type SandboxRecord,
  type SandboxRecords,
  type SandboxScope,
} from './sandbox-records.js';

export type Taxonomy = 'categories' | 'tags';

const KIND = { categories: 'category', tags: 'tag' } as const;

const termInput = z.object({ name: z.string().trim().min(1), parent: z.number().default(0) });

export function createSandboxTerms(records: SandboxRecords) {
  const all = (scope: SandboxScope, taxonomy: Taxonomy) => records.list(scope, KIND[taxonomy]);

  async function create(scope: SandboxScope, taxonomy: Taxonomy, body: unknown) {
    const parsed = termInput.safeParse(body);
    if (!parsed.success) {
      return refuse(400, 'rest_missing_callback_param', 'Missing parameter(s): name');
    }
    const name = escapeHtml(parsed.data.name);
    const hierarchical = taxonomy === 'categories';
    const { parent } = parsed.data;
    const same = (await all(scope, taxonomy)).find((term) =>
      hierarchical
        ? term.name === name && term.parent === parent
        : String(term.name).toLowerCase() === name.toLowerCase(),
    );
    if (same) {
      const message = hierarchical
        ? 'A term with the name provided already exists with this parent.'
        : 'A term with the name provided already exists in this taxonomy.';
      return refuse(400, 'term_exists', message, { resource_id: same.id });
    }
    const slug = slugify(parsed.data.name);
    const data: SandboxRecord = hierarchical
      ? { id: newId(), name, parent, slug }
      : { id: newId(), name, slug, description: '', count: 0 };
    await records.save(scope, KIND[taxonomy], data, null);
    return reply(201, data);
  }

  return {
    /** GET (`search`, and `parent` for categories) or POST on a terms endpoint. */
    async handle(
      scope: SandboxScope,
      taxonomy: Taxonomy,
      method: WooMethod,
      query: URLSearchParams,
      body: unknown,
    ): Promise<WooReply> {
      if (method === 'POST') return create(scope, taxonomy, body);
      const search = (query.get('search') ?? '').toLowerCase();
      const parent = query.get('parent');
      const found = (await all(scope, taxonomy)).filter(
        (term) =>
          String(term.name).toLowerCase().includes(escapeHtml(search)) &&
          (parent === null || String(term.parent) === parent),
      );
      return reply(200, found);
    },

    /** A product's `categories` or `tags` as the store answers them: ids it holds, with names. */
    async refs(scope: SandboxScope, taxonomy: Taxonomy, given: readonly { id: number }[]) {
      const known = await all(scope, taxonomy);
      return given.flatMap(({ id }) => {
        const term = known.find((candidate) => candidate.id === id);
        return term ? [{ id, name: String(term.name), slug: String(term.slug) }] : [];
      });
    },
  };
}

/** The names of a product's stored `categories` or `tags`, unescaped, for the admin list. */
export const termNames = (refs: unknown): string[] =>
  ((refs ?? []) as { name: string }[]).map((term) => unescapeHtml(term.name));
