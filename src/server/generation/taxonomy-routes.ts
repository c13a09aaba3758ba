/** Taxonomy search for the category picker (contract: src/domain/taxonomy-search.ts). */
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import {
  TAXONOMY_SEARCH_LIMITS,
  taxonomySearchQuerySchema,
  type TaxonomySearchResponse,
} from '#domain/taxonomy-search.js';
import { loadTaxonomy, type Taxonomy } from './taxonomy.js';
import { searchTaxonomy, searchTaxonomyForKind } from './taxonomy-search.js';

export interface TaxonomyRouteDeps {
  requireSession: preHandlerHookHandler;
  /** Default: the taxonomy shipped with the server, the one PATCH categoryId is checked against. */
  taxonomy?: () => Taxonomy;
}

export async function taxonomyRoutes(app: FastifyInstance, deps: TaxonomyRouteDeps) {
  const taxonomy = deps.taxonomy ?? loadTaxonomy;

  app.get(
    '/api/taxonomy/categories',
    { preHandler: deps.requireSession },
    async (request): Promise<TaxonomySearchResponse> => {
      const { q, as } = taxonomySearchQuerySchema.parse(request.query);
      const search = as === 'kind' ? searchTaxonomyForKind : searchTaxonomy;
      const found = search(taxonomy().categories, q, TAXONOMY_SEARCH_LIMITS.results);
      return {
        categories: found.map((category) => ({ id: category.gid, fullName: category.fullName })),
      };
    },
  );
}
