/**
 * GraphQL Admin API calls as publishing makes them (ADR 024): rate limits waited out, Shopify's
 * refusals turned into messages a seller can act on.
 *
 * - `THROTTLED` (HTTP 200, `errors[].extensions.code`) waits for the bucket to refill:
 *   (requestedQueryCost − currentlyAvailable) / restoreRate seconds, from the cost extension;
 *   HTTP 429 waits Retry-After. At most {@link MAX_ATTEMPTS} tries, each wait capped.
 * - Between calls it paces itself: the last throttle status seen for the shop, refilled at its
 *   restore rate since, must cover the next call's expected cost, or it waits first.
 * - 401/403 → the store must be connected again (409); other 4xx → 502 with Shopify's status;
 *   5xx or no answer → 502 'Shopify could not be reached'.
 */
import { HttpError } from '../http/errors.js';
import { ShopifyGatewayError, type GraphqlReply, type ShopifyGateway } from './gateway.js';
import { reconnectMessage, SHOPIFY_UNAVAILABLE_MESSAGE } from './shopify-service.js';
import type { StoreAccess } from './shopify-service.js';

export const MAX_ATTEMPTS = 5;
/** Longest single wait before trying again. */
const MAX_WAIT_MS = 20_000;
/** When Shopify says nothing about how long to wait. */
const DEFAULT_WAIT_MS = 1_000;

export const SHOPIFY_BUSY_MESSAGE =
  'Shopify is busy right now (rate limit). Please try again in a minute.';

interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface Bucket extends ThrottleStatus {
  at: number;
}

type Body = Record<string, unknown>;

const asObject = (value: unknown): Body =>
  typeof value === 'object' && value !== null ? (value as Body) : {};
const asNumber = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function costOf(body: Body) {
  const cost = asObject(asObject(body.extensions).cost);
  const status = asObject(cost.throttleStatus);
  const throttle: ThrottleStatus | null =
    asNumber(status.currentlyAvailable) !== null && asNumber(status.restoreRate)
      ? {
          maximumAvailable: asNumber(status.maximumAvailable) ?? Infinity,
          currentlyAvailable: asNumber(status.currentlyAvailable)!,
          restoreRate: asNumber(status.restoreRate)!,
        }
      : null;
  return { requested: asNumber(cost.requestedQueryCost), throttle };
}

function graphqlErrors(body: Body): { message: string; code: string | null }[] {
  const errors = body.errors;
  if (typeof errors === 'string') return [{ message: errors, code: null }];
  if (!Array.isArray(errors)) return [];
  return errors.map((error) => {
    const entry = asObject(error);
    const code = asObject(entry.extensions).code;
    return {
      message: typeof entry.message === 'string' ? entry.message : 'Unknown error',
      code: typeof code === 'string' ? code : null,
    };
  });
}

export interface AdminClientDeps {
  gateway: ShopifyGateway;
  log: { warn(details: object, message: string): void };
  /** Waits; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

export function createAdminClient({ gateway, log, ...deps }: AdminClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const buckets = new Map<string, Bucket>();

  /** How long until the shop's bucket holds `cost` points, as far as we know. */
  function paceMs(shop: string, cost: number): number {
    const bucket = buckets.get(shop);
    if (!bucket) return 0;
    const elapsed = (performance.now() - bucket.at) / 1000;
    const available = Math.min(
      bucket.maximumAvailable,
      bucket.currentlyAvailable + elapsed * bucket.restoreRate,
    );
    return available >= cost ? 0 : ((cost - available) / bucket.restoreRate) * 1000;
  }

  const capped = (ms: number) => Math.min(MAX_WAIT_MS, Math.max(0, Math.ceil(ms)));

  return {
    /**
     * One query or mutation; resolves to its `data`. `expectedCost` paces calls so a run of
     * publishes does not hit the limit in the first place.
     */
    async request(
      store: StoreAccess,
      query: string,
      variables: Record<string, unknown>,
      expectedCost = 10,
    ): Promise<Body> {
      const shop = store.shopDomain;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const pace = paceMs(shop, expectedCost);
        if (pace > 0) await sleep(capped(pace));
        let reply: GraphqlReply;
        try {
          reply = await gateway.graphql(shop, store.accessToken, query, variables);
        } catch (error) {
          if (!(error instanceof ShopifyGatewayError)) throw error;
          log.warn({ shop, reason: error.message }, 'shopify could not be reached');
          throw new HttpError(502, SHOPIFY_UNAVAILABLE_MESSAGE, 'shopify-unavailable');
        }
        const body = asObject(reply.body);
        const { requested, throttle } = costOf(body);
        if (throttle) buckets.set(shop, { ...throttle, at: performance.now() });

        if (reply.status === 429) {
          const waitMs =
            reply.retryAfterSeconds !== null ? reply.retryAfterSeconds * 1000 : DEFAULT_WAIT_MS;
          log.warn({ shop, attempt, waitMs }, 'shopify answered 429');
          await sleep(capped(waitMs));
          continue;
        }
        if (reply.status === 401 || reply.status === 403) {
          throw new HttpError(409, reconnectMessage(shop), 'store-reconnect');
        }
        if (reply.status >= 500) {
          throw new HttpError(502, SHOPIFY_UNAVAILABLE_MESSAGE, 'shopify-unavailable');
        }
        if (reply.status >= 400) {
          log.warn({ shop, status: reply.status }, 'shopify refused the request');
          throw new HttpError(
            502,
            `Shopify refused the request (HTTP ${reply.status}). Please check the store in Shopify and try again.`,
            'shopify-refused',
          );
        }
        const errors = graphqlErrors(body);
        if (errors.some((error) => error.code === 'THROTTLED')) {
          const missing = (requested ?? expectedCost) - (throttle?.currentlyAvailable ?? 0);
          const waitMs = throttle ? (missing / throttle.restoreRate) * 1000 : DEFAULT_WAIT_MS;
          log.warn({ shop, attempt, waitMs }, 'shopify throttled the request');
          await sleep(capped(Math.max(waitMs, 100)));
          continue;
        }
        if (errors.length > 0) {
          log.warn({ shop, errors }, 'shopify answered with errors');
          throw new HttpError(
            502,
            `Shopify could not publish the product: ${errors.map((e) => e.message).join(' ')}`,
            'shopify-error',
          );
        }
        return asObject(body.data);
      }
      throw new HttpError(503, SHOPIFY_BUSY_MESSAGE, 'shopify-throttled');
    },
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
