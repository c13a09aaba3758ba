/**
 * The sandbox eBay's answers (embedded default, ADR 049): the Taxonomy, Account and Inventory
 * API calls Listsmith makes, answered as eBay answers them — `{errors: [{errorId, …}]}`, 25713
 * for a SKU without offers, 25002 for a second offer of a SKU or a required aspect missing at
 * publish time — over one seller's items and offers (migration 032's `ebaySandboxRecords`).
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EbaySandboxListing } from '#domain/api/ebay.js';
import type { Database, EbaySandboxRecordsTable } from '../db/schema.js';
import type { EbayMethod, EbayReply } from './gateway.js';
import { SANDBOX_TREE, sandboxCategory, suggestCategories } from './sandbox-categories.js';

type Data = Record<string, unknown>;
type Kind = EbaySandboxRecordsTable['kind'];

const reply = (status: number, body: unknown = null): EbayReply => ({
  status,
  retryAfterSeconds: null,
  body,
});
const error = (status: number, errorId: number, message: string) =>
  reply(status, {
    errors: [{ errorId, domain: 'API_INVENTORY', category: 'REQUEST', message }],
  });

export const SANDBOX_POLICIES = {
  fulfillmentPolicies: [{ fulfillmentPolicyId: 'sbx-ship', name: 'Standard shipping (sandbox)' }],
  paymentPolicies: [{ paymentPolicyId: 'sbx-pay', name: 'eBay payments (sandbox)' }],
  returnPolicies: [{ returnPolicyId: 'sbx-returns', name: '30-day returns (sandbox)' }],
  locations: [{ merchantLocationKey: 'sbx-home', name: 'Home (sandbox)' }],
} as const;

export function createEbaySandboxStore(db: Kysely<Database>, now: () => Date) {
  const rows = (sellerId: string, kind: Kind) =>
    db.selectFrom('ebaySandboxRecords').where('sellerId', '=', sellerId).where('kind', '=', kind);

  async function find(sellerId: string, kind: Kind, key: string): Promise<Data | undefined> {
    const row = await rows(sellerId, kind).select('data').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.data) as Data) : undefined;
  }

  async function offersOf(sellerId: string, sku: string): Promise<Data[]> {
    const found = await rows(sellerId, 'offer').select('data').where('sku', '=', sku).execute();
    return found.map((row) => JSON.parse(row.data) as Data);
  }

  async function save(sellerId: string, kind: Kind, key: string, sku: string, data: Data) {
    const at = now().toISOString();
    const values = { data: JSON.stringify(data), updatedAt: at };
    await db
      .insertInto('ebaySandboxRecords')
      .values({ sellerId, kind, key, sku, createdAt: at, ...values })
      .onConflict((conflict) => conflict.columns(['sellerId', 'kind', 'key']).doUpdateSet(values))
      .execute();
  }

  /** What eBay checks at publishOffer: the item complete, the category's required aspects set. */
  async function publishable(sellerId: string, offer: Data): Promise<EbayReply | null> {
    const item = await find(sellerId, 'item', String(offer.sku));
    const product = (item?.product ?? {}) as { title?: string; aspects?: Record<string, string[]> };
    if (!item || !product.title)
      return error(400, 25002, 'A user error has occurred. The title is missing.');
    if (!item.condition) return error(400, 25021, 'The item condition is missing.');
    const price = (offer.pricingSummary as { price?: { value?: string } } | undefined)?.price;
    if (!price?.value) return error(400, 25002, 'A user error has occurred. The price is missing.');
    if (!offer.listingPolicies || !offer.merchantLocationKey) {
      return error(
        400,
        25002,
        'A user error has occurred. Listing policies and a location are required.',
      );
    }
    const category = sandboxCategory(String(offer.categoryId));
    if (!category) return error(400, 25005, 'The category ID is invalid.');
    for (const aspect of category.aspects) {
      const values = product.aspects?.[aspect.localizedAspectName] ?? [];
      if (aspect.aspectConstraint.aspectRequired && values.length === 0) {
        const name = aspect.localizedAspectName;
        return error(
          400,
          25002,
          `A user error has occurred. The item specific ${name} is missing. Add ${name} to this listing, enter a valid value, and then try again.`,
        );
      }
    }
    return null;
  }

  async function inventory(sellerId: string, method: EbayMethod, url: URL, body: Data) {
    const parts = url.pathname.split('/').slice(4);
    const [resource, id, action] = parts;
    if (resource === 'location' && method === 'GET') {
      return reply(200, { total: 1, locations: SANDBOX_POLICIES.locations });
    }
    if (resource === 'inventory_item' && id && method === 'PUT') {
      await save(sellerId, 'item', id, id, { ...body, sku: id });
      return reply(204);
    }
    if (resource !== 'offer') return null;
    if (!id && method === 'GET') {
      const offers = await offersOf(sellerId, url.searchParams.get('sku') ?? '');
      if (offers.length === 0) return error(404, 25713, 'This Offer is not available : .');
      return reply(200, { total: offers.length, size: offers.length, offers });
    }
    if (!id && method === 'POST') {
      const sku = String(body.sku ?? '');
      if (!(await find(sellerId, 'item', sku))) {
        return error(400, 25702, `The SKU ${sku} could not be found.`);
      }
      if ((await offersOf(sellerId, sku)).length > 0) {
        return error(400, 25002, 'A user error has occurred. Offer entity already exists.');
      }
      const offerId = String(randomInt(10 ** 9, 2 ** 47));
      await save(sellerId, 'offer', offerId, sku, { ...body, offerId, status: 'UNPUBLISHED' });
      return reply(201, { offerId });
    }
    const offer = id ? await find(sellerId, 'offer', id) : undefined;
    if (!offer) return error(404, 25713, 'This Offer is not available : .');
    if (!action && method === 'PUT') {
      await save(sellerId, 'offer', id!, String(offer.sku), { ...offer, ...body });
      return reply(204);
    }
    if (action === 'publish' && method === 'POST') {
      const refusal = await publishable(sellerId, offer);
      if (refusal) return refusal;
      const listing = offer.listing as { listingId?: string } | undefined;
      const listingId = listing?.listingId ?? String(randomInt(10 ** 11, 2 ** 47));
      const published = {
        ...offer,
        status: 'PUBLISHED',
        listing: { listingId, listingStatus: 'ACTIVE' },
      };
      await save(sellerId, 'offer', id!, String(offer.sku), published);
      return reply(200, { listingId });
    }
    return null;
  }

  function taxonomy(url: URL): EbayReply | null {
    const q = url.searchParams;
    if (url.pathname.endsWith('/get_default_category_tree_id')) return reply(200, SANDBOX_TREE);
    if (url.pathname.endsWith('/get_category_suggestions')) {
      return reply(200, {
        ...SANDBOX_TREE,
        categorySuggestions: suggestCategories(q.get('q') ?? '').map((category) => ({
          category: { categoryId: category.id, categoryName: category.name },
          categoryTreeNodeAncestors: [...category.ancestors]
            .reverse()
            .map((categoryName, i) => ({ categoryId: `a${i}`, categoryName })),
        })),
      });
    }
    if (url.pathname.endsWith('/get_item_aspects_for_category')) {
      const category = sandboxCategory(q.get('category_id') ?? '');
      if (!category) return error(400, 62004, 'The specified category ID does not exist.');
      return reply(200, { aspects: category.aspects });
    }
    return null;
  }

  return {
    /** One REST call of the seller's, answered as eBay would. */
    async handle(sellerId: string, method: EbayMethod, path: string, body: unknown) {
      const url = new URL(path, 'http://sandbox.invalid');
      const data = (typeof body === 'object' && body !== null ? body : {}) as Data;
      let answer: EbayReply | null = null;
      if (url.pathname.startsWith('/commerce/taxonomy/v1/') && method === 'GET')
        answer = taxonomy(url);
      else if (url.pathname.startsWith('/sell/account/v1/') && method === 'GET') {
        const kind = url.pathname.split('/').at(-1);
        if (kind === 'fulfillment_policy')
          answer = reply(200, { fulfillmentPolicies: SANDBOX_POLICIES.fulfillmentPolicies });
        if (kind === 'payment_policy')
          answer = reply(200, { paymentPolicies: SANDBOX_POLICIES.paymentPolicies });
        if (kind === 'return_policy')
          answer = reply(200, { returnPolicies: SANDBOX_POLICIES.returnPolicies });
      } else if (url.pathname.startsWith('/sell/inventory/v1/')) {
        answer = await inventory(sellerId, method, url, data);
      }
      return answer ?? error(404, 2002, 'Resource not found.');
    },

    /** The admin page's list: every offer with its item, newest first. */
    async listings(sellerId: string): Promise<EbaySandboxListing[]> {
      const offers = await rows(sellerId, 'offer')
        .select(['data', 'updatedAt'])
        .orderBy('updatedAt', 'desc')
        .execute();
      const out: EbaySandboxListing[] = [];
      for (const row of offers) {
        const offer = JSON.parse(row.data) as Data;
        const item = (await find(sellerId, 'item', String(offer.sku))) ?? {};
        const product = (item.product ?? {}) as {
          title?: string;
          aspects?: Record<string, string[]>;
          imageUrls?: string[];
        };
        const price = (
          offer.pricingSummary as { price?: { value?: string; currency?: string } } | undefined
        )?.price;
        const listing = offer.listing as { listingId?: string } | undefined;
        out.push({
          sku: String(offer.sku),
          offerId: String(offer.offerId),
          title: product.title ?? '',
          price: price?.value ?? '',
          currency: price?.currency ?? '',
          categoryId: String(offer.categoryId ?? ''),
          categoryName: sandboxCategory(String(offer.categoryId ?? ''))?.name ?? '',
          condition: String(item.condition ?? ''),
          aspects: product.aspects ?? {},
          images: product.imageUrls ?? [],
          status: offer.status === 'PUBLISHED' ? 'PUBLISHED' : 'UNPUBLISHED',
          listingId: listing?.listingId ?? null,
          updatedAt: new Date(row.updatedAt).toISOString(),
        });
      }
      return out;
    },
  };
}

export type EbaySandboxStore = ReturnType<typeof createEbaySandboxStore>;
