/**
 * REST API v3 calls as publishing makes them (ADR 039): every answer parsed with zod, rate limits
 * waited out, the store's refusals returned in its own words.
 *
 * - 429, and 503 (a host shedding load), wait Retry-After (or a second, doubling) and try again,
 *   at most {@link MAX_ATTEMPTS} times, each wait capped; 502/504 and no answer are tried again
 *   for reads only: a write may have been carried out, and publishing finds it by SKU instead.
 * - 401/403 (`woocommerce_rest_authentication_error`, `woocommerce_rest_cannot_view`, …): the
 *   key was revoked or lost its write permission → 409 'store-reconnect'.
 * - Any other 4xx is WooCommerce's `{code, message, data: {status}}`: returned as a refusal.
 * - An answer that is not the call's shape → 502 'woocommerce-malformed', logged with the issues.
 */
import { z } from 'zod';
import { WOO_MESSAGES, wooReconnectMessage } from '#domain/api/woocommerce.js';
import { unescapeHtml } from '#domain/woocommerce-publish.js';
import { HttpError } from '../http/errors.js';
import {
  storeName,
  WooGatewayError,
  type StoreAccess,
  type WooGateway,
  type WooMethod,
  type WooReply,
} from './gateway.js';

const MAX_ATTEMPTS = 5;
const MAX_WAIT_MS = 20_000;
const FIRST_WAIT_MS = 1_000;

const errorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z
    .object({ status: z.number().optional(), resource_id: z.number().optional() })
    .passthrough()
    .nullish(),
});

export type CallOutcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'refused'; status: number; code: string; message: string; resourceId: number | null };

export interface RestClientDeps {
  gateway: WooGateway;
  log: { warn(details: object, message: string): void };
  sleep?: (ms: number) => Promise<void>;
}

/** WooCommerce's messages may carry HTML tags and entities: plain text for the dialog. */
const plain = (message: string) => unescapeHtml(message.replace(/<[^>]*>/g, '')).trim();

export function createRestClient({ gateway, log, ...deps }: RestClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const capped = (ms: number) => Math.min(MAX_WAIT_MS, Math.max(0, Math.ceil(ms)));

  return {
    async call<T>(
      store: StoreAccess,
      method: WooMethod,
      path: string,
      schema: z.ZodType<T>,
      body?: unknown,
    ): Promise<CallOutcome<T>> {
      const name = storeName(store.storeUrl);
      let backoff = FIRST_WAIT_MS;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const last = attempt === MAX_ATTEMPTS;
        let reply: WooReply;
        try {
          reply = await gateway.request(store, method, path, body);
        } catch (error) {
          if (!(error instanceof WooGatewayError)) throw error;
          log.warn({ store: name, method, reason: error.message }, 'woocommerce not reached');
          if (method === 'GET' && !last) {
            await sleep(capped(backoff));
            backoff *= 2;
            continue;
          }
          throw new HttpError(502, WOO_MESSAGES.unavailable, 'woocommerce-unavailable');
        }
        const { status } = reply;
        if (status === 429 || status === 503 || (method === 'GET' && status >= 500)) {
          if (last) break;
          const waitMs =
            reply.retryAfterSeconds !== null ? reply.retryAfterSeconds * 1000 : backoff;
          backoff *= 2;
          log.warn({ store: name, attempt, status, waitMs }, 'woocommerce asked to wait');
          await sleep(capped(waitMs));
          continue;
        }
        if (status === 401 || status === 403) {
          const refusal = errorSchema.safeParse(reply.body);
          log.warn(
            { store: name, status, code: refusal.success ? refusal.data.code : null },
            'woocommerce refused the key',
          );
          throw new HttpError(409, wooReconnectMessage(name), 'store-reconnect');
        }
        if (status >= 500) {
          throw new HttpError(502, WOO_MESSAGES.unavailable, 'woocommerce-unavailable');
        }
        if (status >= 400) {
          const refusal = errorSchema.safeParse(reply.body);
          if (!refusal.success) {
            log.warn({ store: name, status }, 'woocommerce refused without its error shape');
            throw new HttpError(
              502,
              `The WooCommerce store refused the request (HTTP ${status}). Please check the store and try again.`,
              'woocommerce-refused',
            );
          }
          return {
            kind: 'refused',
            status,
            code: refusal.data.code,
            message: plain(refusal.data.message),
            resourceId: refusal.data.data?.resource_id ?? null,
          };
        }
        if (status >= 300) {
          log.warn({ store: name, status }, 'woocommerce answered with a redirect');
          throw new HttpError(502, WOO_MESSAGES.unavailable, 'woocommerce-unavailable');
        }
        const data = schema.safeParse(reply.body);
        if (!data.success) {
          log.warn(
            { store: name, path: path.split('?')[0], issues: data.error.issues },
            'woocommerce answered in an unexpected shape',
          );
          throw new HttpError(502, WOO_MESSAGES.malformed, 'woocommerce-malformed');
        }
        return { kind: 'ok', data: data.data };
      }
      throw new HttpError(503, WOO_MESSAGES.busy, 'woocommerce-throttled');
    },
  };
}

export type RestClient = ReturnType<typeof createRestClient>;
