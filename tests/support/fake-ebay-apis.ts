/** The fake eBay's Inventory and Taxonomy answers (fake-ebay.ts serves them). */
import {
  CATEGORIES,
  checkBody,
  fail,
  POLICIES,
  TREE,
  type Answer,
  type Offer,
  type Seller,
} from './fake-ebay-schemas.js';

/** `ids` numbers offers and listings. */
export function inventory(
  ids: { next(): number },
  seller: Seller,
  method: string,
  url: URL,
  body: Record<string, unknown>,
  language: boolean,
): Answer {
  const [resource, id, action] = url.pathname.split('/').slice(4);
  const write = method !== 'GET' && action !== 'publish';
  if (write && !language) return fail(400, 25709, 'Invalid value for header Content-Language.');
  if (resource === 'location' && method === 'GET')
    return { status: 200, body: { total: 1, locations: POLICIES.locations } };
  if (resource === 'inventory_item' && id && method === 'PUT') {
    const problem = checkBody('inventoryItem', body);
    if (problem) return fail(400, 25709, `Invalid value for ${problem}.`);
    const created = !seller.items.has(id);
    seller.items.set(id, body);
    return { status: created ? 201 : 204, body: null };
  }
  if (resource !== 'offer') return fail(404, 2002, 'Resource not found.', 'API_INVENTORY');
  if (!id && method === 'GET') {
    const offers = seller.offers.filter((offer) => offer.sku === url.searchParams.get('sku'));
    if (offers.length === 0) return fail(404, 25713, 'This Offer is not available : .');
    return { status: 200, body: { total: offers.length, size: offers.length, offers } };
  }
  if (!id && method === 'POST') {
    const problem = checkBody('offer', body);
    if (problem) return fail(400, 25709, `Invalid value for ${problem}.`);
    const sku = String(body.sku);
    if (!seller.items.has(sku))
      return fail(400, 25702, `The SKU ${sku} is not available in the system.`);
    if (seller.offers.some((offer) => offer.sku === sku)) {
      return fail(400, 25002, 'A user error has occurred. Offer entity already exists.');
    }
    const offer: Offer = { ...body, offerId: String(ids.next()), sku, status: 'UNPUBLISHED' };
    seller.offers.push(offer);
    return { status: 201, body: { offerId: offer.offerId } };
  }
  const offer = seller.offers.find((entry) => entry.offerId === id);
  if (!offer) return fail(404, 25713, 'This Offer is not available : .');
  if (!action && method === 'PUT') {
    const problem = checkBody('offerUpdate', body);
    if (problem) return fail(400, 25709, `Invalid value for ${problem}.`);
    Object.assign(offer, body);
    return { status: 204, body: null };
  }
  if (action === 'publish' && method === 'POST') {
    const item = seller.items.get(offer.sku) as
      { product?: { aspects?: Record<string, string[]> } } | undefined;
    const category = CATEGORIES.find((entry) => entry.id === offer.categoryId);
    if (!category) return fail(400, 25005, 'The category ID is invalid.');
    for (const name of category.required) {
      if (!item?.product?.aspects?.[name]?.length) {
        return fail(
          400,
          25002,
          `A user error has occurred. The item specific ${name} is missing. Add ${name} to this listing, enter a valid value, and then try again.`,
        );
      }
    }
    const listing = (offer.listing as { listingId: string } | undefined) ?? {
      listingId: String(ids.next() * 1000),
    };
    Object.assign(offer, {
      status: 'PUBLISHED',
      listing: { ...listing, listingStatus: 'ACTIVE' },
    });
    return { status: 200, body: { listingId: listing.listingId } };
  }
  return fail(404, 2002, 'Resource not found.');
}

export function taxonomy(url: URL): Answer {
  const q = url.searchParams;
  if (url.pathname.endsWith('/get_default_category_tree_id')) return { status: 200, body: TREE };
  if (url.pathname.endsWith('/get_category_suggestions')) {
    const words = (q.get('q') ?? '').toLowerCase();
    const matches = CATEGORIES.filter((category) =>
      category.words.some((word) => words.includes(word)),
    );
    return {
      status: 200,
      body: {
        ...TREE,
        categorySuggestions: matches.map((category) => ({
          category: { categoryId: category.id, categoryName: category.name },
          categoryTreeNodeAncestors: category.ancestors.map((categoryName, i) => ({
            categoryId: String(900 + i),
            categoryName,
            categoryTreeNodeLevel: category.ancestors.length - i,
          })),
          categoryTreeNodeLevel: category.ancestors.length + 1,
          relevancy: 'HIGH',
        })),
      },
    };
  }
  if (url.pathname.endsWith('/get_item_aspects_for_category')) {
    const category = CATEGORIES.find((entry) => entry.id === q.get('category_id'));
    if (!category)
      return fail(400, 62004, 'The specified category ID does not exist.', 'API_TAXONOMY');
    return { status: 200, body: { aspects: category.aspects } };
  }
  return fail(404, 2002, 'Resource not found.', 'API_TAXONOMY');
}
