/**
 * Listing one product on eBay (issue 27, ADR 049) through the Sell Inventory API: the inventory
 * item under our product id as SKU (createOrReplaceInventoryItem replaces it, so a retry or a
 * re-publish changes the same item), its offer found by that SKU before one is created (a retry
 * after a lost answer updates the offer the lost call made instead of failing or doubling it),
 * and, for 'List now', the offer published. 'Publish as draft' leaves the offer unpublished,
 * eBay's own draft. Everything eBay needs (title, price, condition, a photo, the category's
 * required aspects) is checked before anything is sent: from the aspects the card read, so a
 * refusal costs no call. The price sent is the seller's, two decimals, as the card shows it.
 */
import type { EbayPublishReply, EbayPublishRequest } from '#domain/api/ebay.js';
import { EBAY_MESSAGES } from '#domain/api/ebay.js';
import {
  EBAY_MARKETPLACE,
  aspectValues,
  describeEbayNeeds,
  ebayCondition,
  ebayNeeds,
  inventoryItemPayload,
  knownFacts,
  offerPayload,
  type EbayAspect,
  type EbayPublishStatus,
} from '#domain/ebay-listing.js';
import { toExportProduct } from '#domain/products.js';
import { HttpError } from '../http/errors.js';
import {
  toProduct,
  type CatalogAccess,
  type ProductEventBus,
  type ProductRow,
} from '../catalog/index.js';
import type { ApiClient } from './api-client.js';
import type { ConnectService, EbaySession } from './connect-service.js';
import type { EbayGateway } from './gateway.js';
import type { EbayRepository } from './repository.js';
import {
  anySchema,
  offerCreatedSchema,
  offersSchema,
  publishedSchema,
  type EbayOfferRecord,
} from './reply-schemas.js';
import type { Taxonomy } from './taxonomy.js';

export interface PublishServiceDeps {
  connect: ConnectService;
  client: ApiClient;
  taxonomy: Taxonomy;
  gateway: EbayGateway;
  repository: EbayRepository;
  access: Pick<CatalogAccess, 'changeableRow'>;
  events: ProductEventBus;
  appUrl: string;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

const INVENTORY = '/sell/inventory/v1';
/** getOffers for a SKU without offers: 404 'This Offer is not available'. */
const NO_OFFER = 25713;

export function createPublishService(deps: PublishServiceDeps) {
  const { client, connect, taxonomy, gateway, repository, now, log } = deps;

  /** The SKU's fixed-price offer on EBAY_US, if eBay holds one. */
  async function existingOffer(session: EbaySession, sku: string, title: string) {
    const query = new URLSearchParams({ sku, marketplace_id: EBAY_MARKETPLACE });
    const found = await client.call(
      session,
      'GET',
      `${INVENTORY}/offer?${query.toString()}`,
      offersSchema,
    );
    if (found.kind === 'refused') {
      if (found.errors.some((error) => error.errorId === NO_OFFER) || found.status === 404) {
        return null;
      }
      throw refused(title, found.message);
    }
    return (
      found.data.offers.find(
        (offer: EbayOfferRecord) =>
          offer.sku === sku &&
          (offer.marketplaceId ?? EBAY_MARKETPLACE) === EBAY_MARKETPLACE &&
          (offer.format ?? 'FIXED_PRICE') === 'FIXED_PRICE',
      ) ?? null
    );
  }

  const refused = (title: string, message: string) =>
    new HttpError(422, `eBay did not accept “${title}”: ${message}`, 'ebay-refused');

  function refuseNeeds(title: string, needs: string[]): void {
    if (needs.length > 0) throw new HttpError(400, describeEbayNeeds(title, needs), 'ebay-needs');
  }

  async function publish(row: ProductRow, request: EbayPublishRequest): Promise<EbayPublishReply> {
    const connection = await connect.connection(row.userId);
    const settings = connection.settings;
    if (!settings) throw new HttpError(409, EBAY_MESSAGES.chooseSettings, 'ebay-settings');
    const product = toProduct(row);
    const exported = toExportProduct(product, deps.appUrl);
    const title = exported.title.trim();
    const facts = knownFacts(exported, product.confirmedAttributes);
    // Asked first, from what is known without eBay: the card read the category's aspects.
    const cached = await taxonomy.cachedAspects(request.categoryId);
    refuseNeeds(title, ebayNeeds(exported, cached ?? [], facts));
    const session = await connect.session(row.userId);
    const aspects: EbayAspect[] = cached ?? (await taxonomy.aspects(session, request.categoryId));
    refuseNeeds(title, ebayNeeds(exported, aspects, facts));

    const sku = row.id;
    const item = inventoryItemPayload(exported, {
      condition: ebayCondition(exported.condition)!,
      aspects: aspectValues(aspects, facts),
      quantity: request.quantity,
    });
    const put = await client.call(
      session,
      'PUT',
      `${INVENTORY}/inventory_item/${encodeURIComponent(sku)}`,
      anySchema,
      item,
    );
    if (put.kind === 'refused') throw refused(title, put.message);

    const offer = offerPayload(exported, {
      sku,
      categoryId: request.categoryId,
      policies: settings,
      merchantLocationKey: settings.merchantLocationKey,
      quantity: request.quantity,
    });
    const existing = await existingOffer(session, sku, title);
    let offerId: string;
    if (existing) {
      offerId = existing.offerId;
      // updateOffer takes the offer without its keys (EbayOfferDetailsWithId).
      const { sku: _sku, marketplaceId: _market, format: _format, ...details } = offer;
      const updated = await client.call(
        session,
        'PUT',
        `${INVENTORY}/offer/${encodeURIComponent(offerId)}`,
        anySchema,
        details,
      );
      if (updated.kind === 'refused') throw refused(title, updated.message);
    } else {
      const created = await client.call(
        session,
        'POST',
        `${INVENTORY}/offer`,
        offerCreatedSchema,
        offer,
      );
      if (created.kind === 'refused') throw refused(title, created.message);
      offerId = created.data.offerId;
    }

    // An offer already live stays live: updating it revised the listing (eBay has no way back
    // to a draft short of ending the listing, which is the seller's to do on eBay).
    let listingId = existing?.status === 'PUBLISHED' ? (existing.listing?.listingId ?? null) : null;
    let status: EbayPublishStatus = listingId ? 'live' : 'draft';
    if (request.status === 'live' && !listingId) {
      const published = await client.call(
        session,
        'POST',
        `${INVENTORY}/offer/${encodeURIComponent(offerId)}/publish/`,
        publishedSchema,
      );
      if (published.kind === 'refused') throw refused(title, published.message);
      listingId = published.data.listingId;
      status = 'live';
    }

    const listingUrl = listingId ? gateway.listingUrl(listingId) : gateway.draftUrl(sku);
    const saved = toProduct(
      await repository.recordPublication(
        {
          productId: row.id,
          userId: row.userId,
          sku,
          offerId,
          listingId,
          categoryId: request.categoryId,
          status,
          publishedAt: now(),
        },
        listingUrl,
      ),
    );
    deps.events.announce(row.userId, { type: 'product', product: saved });
    log.info({ created: !existing, status }, 'product published to ebay');
    return { product: saved, sku, offerId, listingId, status, listingUrl, created: !existing };
  }

  return {
    /** POST /api/ebay/publish-product: one product, as a draft offer or a live listing. */
    async publishProduct(userId: string, request: EbayPublishRequest): Promise<EbayPublishReply> {
      // Publishing changes the product: refused in a read-only library, as an edit is (ADR 019).
      const row = await deps.access.changeableRow(userId, request.productId);
      if (row.generationState !== 'ready') {
        throw new HttpError(409, 'This product has no listing to publish yet.', 'not-ready');
      }
      return publish(row, request);
    },
  };
}

export type PublishService = ReturnType<typeof createPublishService>;
