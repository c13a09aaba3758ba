/**
 * What the card asks for before a product goes to eBay (ADR 049): eBay's category suggestions
 * for its title and category, the chosen category's aspects with which are required, their
 * allowed values and what Listsmith would fill in, and what publishing would still ask for.
 */
import type { EbayAspectsReply } from '#domain/api/ebay.js';
import { ebayNeeds, knownAspectValue, knownFacts } from '#domain/ebay-listing.js';
import { toExportProduct } from '#domain/products.js';
import { toProduct, type CatalogAccess } from '../catalog/index.js';
import type { ConnectService } from './connect-service.js';
import type { Taxonomy } from './taxonomy.js';

export interface ProductAspectsDeps {
  connect: ConnectService;
  taxonomy: Taxonomy;
  access: Pick<CatalogAccess, 'ownedRow'>;
  appUrl: string;
}

export function createProductAspects({ connect, taxonomy, access, appUrl }: ProductAspectsDeps) {
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
      const chosen = categoryId ?? categories[0]?.id ?? null;
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
