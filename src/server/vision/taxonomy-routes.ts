/**
 * Taxonomy search for the category picker (contract: src/domain/taxonomy-search.ts) and a
 * category's attributes for the chips (contract: src/domain/product-attributes.ts).
 */
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import {
  TAXONOMY_SEARCH_LIMITS,
  taxonomySearchQuerySchema,
  type TaxonomySearchResponse,
} from '#domain/taxonomy-search.js';
import type { CategoryAttributesResponse } from '#domain/product-attributes.js';
import { HttpError } from '../http/errors.js';
import { categoryAttributes } from './taxonomy-attributes.js';
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

  app.get<{ Params: { id: string } }>(
    '/api/taxonomy/categories/:id/attributes',
    { preHandler: deps.requireSession },
    async (request): Promise<CategoryAttributesResponse> => {
      const category = taxonomy().byId(decodeURIComponent(request.params.id).slice(0, 200));
      if (!category) throw new HttpError(404, 'Unknown category');
      return { attributes: categoryAttributes(category.id) };
    },
  );
}
