/**
 * Taxonomy search for the category picker (contract: src/domain/taxonomy-search.ts) and a
 * category's attributes for the chips (contract: src/domain/product-attributes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  TAXONOMY_SEARCH_LIMITS,
  taxonomySearchQuerySchema,
  taxonomySearchResponseSchema,
} from '#domain/taxonomy-search.js';
import { categoryAttributesResponseSchema } from '#domain/product-attributes.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import { categoryAttributes } from './taxonomy-attributes.js';
import { loadTaxonomy, type Taxonomy } from './taxonomy.js';
import { searchTaxonomy, searchTaxonomyForKind } from './taxonomy-search.js';

export interface TaxonomyRouteDeps {
  requireSession: RequireSession;
  /** Default: the taxonomy shipped with the server, the one PATCH categoryId is checked against. */
  taxonomy?: () => Taxonomy;
}

export async function taxonomyRoutes(app: FastifyInstance, deps: TaxonomyRouteDeps) {
  const taxonomy = deps.taxonomy ?? loadTaxonomy;
  const routes = zodRoutes(app, deps.requireSession);

  routes.get(
    '/api/taxonomy/categories',
    {
      config: SIGNED_IN,
      schema: {
        querystring: taxonomySearchQuerySchema,
        response: { 200: taxonomySearchResponseSchema },
      },
    },
    async (request) => {
      const { q, as } = request.query;
      const search = as === 'kind' ? searchTaxonomyForKind : searchTaxonomy;
      const found = search(taxonomy().categories, q, TAXONOMY_SEARCH_LIMITS.results);
      return {
        categories: found.map((category) => ({ id: category.gid, fullName: category.fullName })),
      };
    },
  );

  routes.get(
    '/api/taxonomy/categories/:id/attributes',
    {
      config: SIGNED_IN,
      schema: {
        params: z.object({ id: z.string() }),
        response: { 200: categoryAttributesResponseSchema },
      },
    },
    async (request) => {
      // The router has decoded the id once already: decoding it again read a stray '%' as an
      // escape and failed (500).
      const category = taxonomy().byId(request.params.id.slice(0, 200));
      if (!category) throw new HttpError(404, 'Unknown category');
      return { attributes: categoryAttributes(category.id) };
    },
  );
}
