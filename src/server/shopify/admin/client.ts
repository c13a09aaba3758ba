/**
 * GraphQL Admin API calls as publishing makes them (ADR 024, ADR 031): every answer parsed with
 * zod, rate limits waited out, Shopify's refusals turned into messages a seller can act on.
 *
 * - `THROTTLED` (HTTP 200, `errors[].extensions.code`) waits for the bucket to refill:
 *   (requestedQueryCost − currentlyAvailable) / restoreRate seconds, from the cost extension;
 *   HTTP 429 waits Retry-After. At most {@link MAX_ATTEMPTS} tries, each wait capped.
 * - Between calls it paces itself: the last throttle status seen for the shop, refilled at its
 *   restore rate since, must cover the next call's expected cost, or it waits first.
 * - 401/403 → the store must be connected again (409); other 4xx → 502 with Shopify's status;
 *   5xx or no answer → 502 'Shopify could not be reached'.
 * - An answer that is not the operation's shape (a proxy's page, a changed API) → 502
 *   'shopify-malformed', logged with where it differed; never a crash on a missing field.
 */
import { HttpError } from '../../http/errors.js';
import { ShopifyGatewayError, type GraphqlReply, type ShopifyGateway } from '../gateway.js';
import { reconnectMessage, SHOPIFY_UNAVAILABLE_MESSAGE } from '../shopify-service.js';
import type { StoreAccess } from '../shopify-service.js';
import {
  envelopeSchema,
  type AdminOperation,
  type Envelope,
  type ThrottleStatus,
} from './reply-schemas.js';

const MAX_ATTEMPTS = 5;
/** Longest single wait before trying again. */
const MAX_WAIT_MS = 20_000;
/** When Shopify says nothing about how long to wait. */
const DEFAULT_WAIT_MS = 1_000;

const SHOPIFY_BUSY_MESSAGE =
  'Shopify is busy right now (rate limit). Please try again in a minute.';
export const SHOPIFY_MALFORMED_MESSAGE =
  'Shopify answered in a way Listsmith could not read. Please try again.';

interface Bucket extends ThrottleStatus {
  at: number;
}

export interface AdminClientDeps {
  gateway: ShopifyGateway;
  log: { warn(details: object, message: string): void };
  /** Waits; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

const errorsOf = (envelope: Envelope) =>
  typeof envelope.errors === 'string'
    ? [{ message: envelope.errors, code: null }]
    : (envelope.errors ?? []).map((error) => ({
        message: error.message,
        code: error.extensions?.code ?? null,
      }));

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

  function malformed(shop: string, operation: string, issues: unknown): HttpError {
    log.warn({ shop, operation, issues }, 'shopify answered in an unexpected shape');
    return new HttpError(502, SHOPIFY_MALFORMED_MESSAGE, 'shopify-malformed');
  }

  return {
    /**
     * One query or mutation; resolves to its `data`, parsed by the operation's schema.
     * `expectedCost` paces calls so a run of publishes does not hit the limit in the first place.
     */
    async request<T>(
      store: StoreAccess,
      operation: AdminOperation<T>,
      variables: Record<string, unknown>,
      expectedCost = 10,
    ): Promise<T> {
      const shop = store.shopDomain;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const pace = paceMs(shop, expectedCost);
        if (pace > 0) await sleep(capped(pace));
        let reply: GraphqlReply;
        try {
          reply = await gateway.graphql(shop, store.accessToken, operation.document, variables);
        } catch (error) {
          if (!(error instanceof ShopifyGatewayError)) throw error;
          log.warn({ shop, reason: error.message }, 'shopify could not be reached');
          throw new HttpError(502, SHOPIFY_UNAVAILABLE_MESSAGE, 'shopify-unavailable');
        }
        // Error pages (429, 5xx) may be anything: their body only counts when it parses.
        const parsed = envelopeSchema.safeParse(reply.body);
        const envelope = parsed.success ? parsed.data : null;
        const cost = envelope?.extensions?.cost;
        if (cost?.throttleStatus)
          buckets.set(shop, { ...cost.throttleStatus, at: performance.now() });

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
        if (!parsed.success) throw malformed(shop, operation.name, parsed.error.issues);
        const errors = errorsOf(parsed.data);
        if (errors.some((error) => error.code === 'THROTTLED')) {
          const throttle = cost?.throttleStatus;
          const missing =
            (cost?.requestedQueryCost ?? expectedCost) - (throttle?.currentlyAvailable ?? 0);
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
        const data = operation.data.safeParse(parsed.data.data);
        if (!data.success) throw malformed(shop, operation.name, data.error.issues);
        return data.data;
      }
      throw new HttpError(503, SHOPIFY_BUSY_MESSAGE, 'shopify-throttled');
    },
  };
}
