/**
 * eBay's categories and item specifics through the Taxonomy API (ADR 049): the marketplace's
 * default category tree and its version, eBay's category suggestions for a product, and a
 * category's aspects with which are required and their allowed values. The tree is read at most
 * daily; aspects are kept per category tree version (a new version reads them again), in the
 * database, so every server process and every seller shares them and a publish that follows the
 * card's read asks eBay nothing before it checks.
 */
import { HttpError } from '../http/errors.js';
import { EBAY_MARKETPLACE, type EbayAspect } from '#domain/ebay-listing.js';
import type { ApiClient } from './api-client.js';
import type { EbaySession } from './connect-service.js';
import type { EbayRepository } from './repository.js';
import { aspectsSchema, suggestionsSchema, treeIdSchema } from './reply-schemas.js';

const TREE_TTL_MS = 24 * 60 * 60 * 1000;
/** eBay matches keywords; a title and a category leaf are plenty. */
const QUERY_MAX = 350;

export interface EbayCategory {
  id: string;
  name: string;
  path: string;
}

export interface TaxonomyDeps {
  client: ApiClient;
  repository: EbayRepository;
  /** Keys are kept apart per gateway: the sandbox's tree is not eBay's. */
  kind: string;
  now: () => Date;
}

const TAXONOMY = '/commerce/taxonomy/v1';

export function createTaxonomy({ client, repository, kind, now }: TaxonomyDeps) {
  const treeKey = `${kind}:tree:${EBAY_MARKETPLACE}`;
  const aspectsKey = (tree: { id: string; version: string }, categoryId: string) =>
    `${kind}:aspects:${tree.id}:${tree.version}:${categoryId}`;

  async function cachedTree(): Promise<{ id: string; version: string } | null> {
    const hit = await repository.cached(treeKey);
    if (!hit || now().getTime() - hit.fetchedAt.getTime() > TREE_TTL_MS) return null;
    const parsed = treeIdSchema.safeParse(hit.data);
    return parsed.success
      ? { id: parsed.data.categoryTreeId, version: parsed.data.categoryTreeVersion }
      : null;
  }

  async function tree(session: EbaySession): Promise<{ id: string; version: string }> {
    const known = await cachedTree();
    if (known) return known;
    const query = new URLSearchParams({ marketplace_id: EBAY_MARKETPLACE });
    const reply = await client.call(
      session,
      'GET',
      `${TAXONOMY}/get_default_category_tree_id?${query.toString()}`,
      treeIdSchema,
    );
    if (reply.kind === 'refused') throw refused(reply.message);
    await repository.cache(treeKey, reply.data, now());
    return { id: reply.data.categoryTreeId, version: reply.data.categoryTreeVersion };
  }

  async function cachedAspects(categoryId: string): Promise<EbayAspect[] | null> {
    const current = await cachedTree();
    const hit = current ? await repository.cached(aspectsKey(current, categoryId)) : undefined;
    return hit ? (hit.data as EbayAspect[]) : null;
  }

  const refused = (message: string) =>
    new HttpError(422, `eBay’s categories could not be read: ${message}`, 'ebay-refused');

  return {
    /** eBay's suggestions for the words, best first. */
    async suggestions(session: EbaySession, words: string): Promise<EbayCategory[]> {
      const q = words.replace(/\s+/g, ' ').trim().slice(0, QUERY_MAX);
      if (q === '') return [];
      const { id } = await tree(session);
      const reply = await client.call(
        session,
        'GET',
        `${TAXONOMY}/category_tree/${encodeURIComponent(id)}/get_category_suggestions?${new URLSearchParams({ q }).toString()}`,
        suggestionsSchema,
      );
      if (reply.kind === 'refused') throw refused(reply.message);
      return reply.data.categorySuggestions.map(({ category, categoryTreeNodeAncestors }) => ({
        id: category.categoryId,
        name: category.categoryName,
        // Ancestors come nearest first.
        path: [
          ...categoryTreeNodeAncestors.map((a) => a.categoryName).reverse(),
          category.categoryName,
        ]
          .filter((name) => name !== 'Root')
          .join(' > '),
      }));
    },

    /** The category's aspects if read under the current tree version, asking eBay nothing. */
    cachedAspects,

    /** The category's aspects, from the cache when read under the current tree version. */
    async aspects(session: EbaySession, categoryId: string): Promise<EbayAspect[]> {
      const hit = await cachedAspects(categoryId);
      if (hit) return hit;
      const known = await tree(session);
      const query = new URLSearchParams({ category_id: categoryId });
      const reply = await client.call(
        session,
        'GET',
        `${TAXONOMY}/category_tree/${encodeURIComponent(known.id)}/get_item_aspects_for_category?${query.toString()}`,
        aspectsSchema,
      );
      if (reply.kind === 'refused') {
        throw new HttpError(
          422,
          `eBay did not accept category ${categoryId}: ${reply.message}`,
          'ebay-category',
        );
      }
      const aspects: EbayAspect[] = reply.data.aspects.map((aspect) => ({
        name: aspect.localizedAspectName,
        required: aspect.aspectConstraint.aspectRequired,
        mode:
          aspect.aspectConstraint.aspectMode === 'SELECTION_ONLY' ? 'SELECTION_ONLY' : 'FREE_TEXT',
        multi: aspect.aspectConstraint.itemToAspectCardinality === 'MULTI',
        values: aspect.aspectValues.map((value) => value.localizedValue),
      }));
      await repository.cache(aspectsKey(known, categoryId), aspects, now());
      return aspects;
    },
  };
}

export type Taxonomy = ReturnType<typeof createTaxonomy>;
