/**
 * What the card asks for before a product goes to eBay (ADR 049): eBay's category suggestions
 * for its title and category, the chosen category's aspects with which are required, their
 * allowed values and what Listsmith would fill in, and what publishing would still ask for. The
 * category is the one asked for, else the one the product was last listed in, else eBay's first.
 */
import type { EbayAspectsReply } from '#domain/api/ebay.js';
import { ebayNeeds, knownAspectValue, knownFacts } from '#domain/ebay-listing.js';
import { toExportProduct } from '#domain/products.js';
import { toProduct, type CatalogAccess } from '../catalog/index.js';
import type { ConnectService } from './connect-service.js';
import type { EbayRepository } from './repository.js';
import type { Taxonomy } from './taxonomy.js';

export interface ProductAspectsDeps {
  connect: ConnectService;
  taxonomy: Taxonomy;
  repository: Pick<EbayRepository, 'findPublication'>;
  access: Pick<CatalogAccess, 'ownedRow'>;
  appUrl: string;
}

export function createProductAspects(deps: ProductAspectsDeps) {
  const { connect, taxonomy, access, appUrl } = deps;
  return {
    /** GET /api/ebay/products/:id/aspects: 404 for another seller's product. */
    async aspectsFor(
      userId: string,
      productId: string,
      categoryId: string | undefined,
    ): Promise<EbayAspectsReply> {
      const product = toProduct(await access.ownedRow(userId, productId));
      const session = await connect.session(userId);
      const leaf = product.category?.fullName.split('>').at(-1)?.trim() ?? '';
      const categories = await taxonomy.suggestions(session, `${product.title} ${leaf}`);
      // A product listed before keeps its category (a re-publish updates that listing).
      const published = categoryId ? undefined : await deps.repository.findPublication(product.id);
      const chosen = categoryId ?? published?.categoryId ?? categories[0]?.id ?? null;
      const aspects = chosen ? await taxonomy.aspects(session, chosen) : [];
      const exported = toExportProduct(product, appUrl);
      const facts = knownFacts(exported, product.confirmedAttributes);
      return {
        categories,
        categoryId: chosen,
        aspects: aspects.map((aspect) => ({ ...aspect, value: knownAspectValue(aspect, facts) })),
        needs: chosen ? ebayNeeds(exported, aspects, facts) : ['category'],
      };
    },
  };
}

export type ProductAspects = ReturnType<typeof createProductAspects>;
