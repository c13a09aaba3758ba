/** Replies of the eBay routes for this feature's tests. */
import type { EbayAspectsReply, EbayConnectionReply, EbaySettingsReply } from '#domain/api/ebay';

export const SETTINGS = {
  fulfillmentPolicyId: 'ship-2',
  paymentPolicyId: 'pay-1',
  returnPolicyId: 'ret-1',
  merchantLocationKey: 'home',
};

export function connection(
  state: 'none' | 'connected' | 'no-settings' | 'reconnect',
  sandbox = false,
): EbayConnectionReply {
  if (state === 'none') return { sandbox, connection: null };
  return {
    sandbox,
    connection: {
      needsReconnect: state === 'reconnect',
      settings: state === 'no-settings' ? null : SETTINGS,
    },
  };
}

export function settingsReply(chosen: EbaySettingsReply['chosen'] = null): EbaySettingsReply {
  return {
    fulfillmentPolicies: [
      { id: 'ship-1', name: 'Free shipping' },
      { id: 'ship-2', name: 'Standard shipping' },
    ],
    paymentPolicies: [{ id: 'pay-1', name: 'eBay payments' }],
    returnPolicies: [{ id: 'ret-1', name: '30-day returns' }],
    locations: [{ id: 'home', name: 'Home' }],
    chosen,
  };
}

const BELTS = {
  id: '2993',
  name: 'Belts',
  path: 'Clothing, Shoes & Accessories > Men > Men’s Accessories > Belts',
};
const OTHER = { id: '99', name: 'Other', path: 'Everything Else > Other' };

/** Belts require Brand (free text, eBay's values offered) and Department (eBay's values only). */
export function aspectsReply(categoryId = BELTS.id): EbayAspectsReply {
  return {
    categories: [BELTS, OTHER],
    categoryId,
    aspects:
      categoryId === BELTS.id
        ? [
            {
              name: 'Brand',
              required: true,
              mode: 'FREE_TEXT',
              multi: false,
              values: ['Fossil', 'Coach'],
              value: null,
            },
            {
              name: 'Department',
              required: true,
              mode: 'SELECTION_ONLY',
              multi: false,
              values: ['Men', 'Women'],
              value: null,
            },
            {
              name: 'Color',
              required: false,
              mode: 'FREE_TEXT',
              multi: false,
              values: [],
              value: null,
            },
          ]
        : [],
    needs: [],
  };
}
