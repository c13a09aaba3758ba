/**
 * The seller's business policies and item location, chosen once (ADR 049): read through the
 * Account API (fulfillment, payment and return policies of EBAY_US) and the Inventory API's
 * locations, and a choice kept only when each id is one of those eBay listed.
 */
import {
  EBAY_MESSAGES,
  type EbaySettingsReply,
  type EbaySettingsRequest,
} from '#domain/api/ebay.js';
import { EBAY_MARKETPLACE } from '#domain/ebay-listing.js';
import type { z } from 'zod';
import { HttpError } from '../http/errors.js';
import type { ApiClient } from './api-client.js';
import type { ConnectService, EbaySession } from './connect-service.js';
import type { EbayRepository } from './repository.js';
import {
  fulfillmentPoliciesSchema,
  locationsSchema,
  paymentPoliciesSchema,
  returnPoliciesSchema,
} from './reply-schemas.js';

export interface SettingsServiceDeps {
  connect: ConnectService;
  client: ApiClient;
  repository: EbayRepository;
  now: () => Date;
}

export function createSettingsService({ connect, client, repository, now }: SettingsServiceDeps) {
  async function read<T>(session: EbaySession, path: string, schema: z.ZodType<T>) {
    const reply = await client.call(session, 'GET', path, schema);
    if (reply.kind === 'refused') {
      throw new HttpError(
        422,
        `eBay did not show your account settings: ${reply.message}`,
        'ebay-refused',
      );
    }
    return reply.data;
  }

  async function options(userId: string): Promise<EbaySettingsReply> {
    const row = await connect.connection(userId);
    const session = await connect.session(userId);
    const market = new URLSearchParams({ marketplace_id: EBAY_MARKETPLACE }).toString();
    const account = '/sell/account/v1';
    const fulfillment = await read(
      session,
      `${account}/fulfillment_policy?${market}`,
      fulfillmentPoliciesSchema,
    );
    const payment = await read(
      session,
      `${account}/payment_policy?${market}`,
      paymentPoliciesSchema,
    );
    const returns = await read(session, `${account}/return_policy?${market}`, returnPoliciesSchema);
    const locations = await read(session, '/sell/inventory/v1/location?limit=100', locationsSchema);
    return {
      fulfillmentPolicies: fulfillment.fulfillmentPolicies.map((p) => ({
        id: p.fulfillmentPolicyId,
        name: p.name,
      })),
      paymentPolicies: payment.paymentPolicies.map((p) => ({
        id: p.paymentPolicyId,
        name: p.name,
      })),
      returnPolicies: returns.returnPolicies.map((p) => ({ id: p.returnPolicyId, name: p.name })),
      locations: locations.locations.map((l) => ({
        id: l.merchantLocationKey,
        name: l.name ?? l.merchantLocationKey,
      })),
      chosen: row.settings,
    };
  }

  return {
    /** GET /api/ebay/settings: what the seller can choose from, and what they chose. */
    options,

    /** PUT /api/ebay/settings: kept when every id is the seller's on eBay. */
    async choose(userId: string, request: EbaySettingsRequest): Promise<EbaySettingsReply> {
      const available = await options(userId);
      const has = (list: { id: string }[], id: string) => list.some((entry) => entry.id === id);
      const valid =
        has(available.fulfillmentPolicies, request.fulfillmentPolicyId) &&
        has(available.paymentPolicies, request.paymentPolicyId) &&
        has(available.returnPolicies, request.returnPolicyId) &&
        has(available.locations, request.merchantLocationKey);
      if (!valid) throw new HttpError(400, EBAY_MESSAGES.notChoice, 'ebay-settings-unknown');
      await repository.chooseSettings(userId, request, now());
      return { ...available, chosen: request };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
