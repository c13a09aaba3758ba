/**
 * eBay REST calls as Listsmith makes them (ADR 049): every answer parsed with zod, rate limits
 * waited out as Shopify publishing does, an expired token renewed once, eBay's refusals returned
 * in its own words.
 *
 * - 429 and 503 wait Retry-After (or a second, doubling) and try again, at most
 *   {@link MAX_ATTEMPTS} times, each wait capped; other 5xx and no answer are tried again for GET
 *   and PUT only (both replace, so a second try changes nothing more); a POST may have been
 *   carried out, and publishing finds its offer by SKU instead.
 * - 401 (errorId 1001 'Invalid access token'): the token is refreshed once (for the rest of the
 *   request too) and the call made again; a second 401, or 403, asks the seller to connect again.
 * - Other 4xx answer eBay's `{errors: [{errorId, message}]}`: returned as a refusal.
 * - An answer that is not the call's shape → 502 'ebay-malformed', logged with the issues.
 */
import type { z } from 'zod';
import { EBAY_MESSAGES } from '#domain/api/ebay.js';
import { HttpError } from '../http/errors.js';
import type { ConnectService, EbaySession } from './connect-service.js';
import { EbayGatewayError, type EbayGateway, type EbayMethod, type EbayReply } from './gateway.js';
import { errorsSchema, type EbayError } from './reply-schemas.js';

const MAX_ATTEMPTS = 5;
const MAX_WAIT_MS = 20_000;
const FIRST_WAIT_MS = 1_000;

export type CallOutcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'refused'; status: number; errors: EbayError[]; message: string };

export interface ApiClientDeps {
  gateway: EbayGateway;
  tokens: Pick<ConnectService, 'renew'>;
  log: { warn(details: object, message: string): void };
  sleep?: (ms: number) => Promise<void>;
}

/** eBay's words for a refusal: each error's message (its long one when it says more). */
function refusalText(errors: readonly EbayError[]): string {
  return errors
    .map((error) => (error.longMessage ?? error.message).trim())
    .filter((text) => text !== '')
    .join(' ');
}

export function createApiClient({ gateway, tokens, log, ...deps }: ApiClientDeps) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const capped = (ms: number) => Math.min(MAX_WAIT_MS, Math.max(0, Math.ceil(ms)));

  return {
    async call<T>(
      session: EbaySession,
      method: EbayMethod,
      path: string,
      schema: z.ZodType<T>,
      body?: unknown,
    ): Promise<CallOutcome<T>> {
      const idempotent = method !== 'POST';
      const where = path.split('?')[0];
      let renewed = false;
      let backoff = FIRST_WAIT_MS;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const last = attempt === MAX_ATTEMPTS;
        let reply: EbayReply;
        try {
          reply = await gateway.request(session.accessToken, method, path, body);
        } catch (error) {
          if (!(error instanceof EbayGatewayError)) throw error;
          log.warn({ method, path: where, reason: error.message }, 'ebay not reached');
          if (idempotent && !last) {
            await sleep(capped(backoff));
            backoff *= 2;
            continue;
          }
          throw new HttpError(502, EBAY_MESSAGES.unavailable, 'ebay-unavailable');
        }
        const { status } = reply;
        if (status === 429 || status === 503 || (idempotent && status >= 500)) {
          if (last) break;
          const waitMs =
            reply.retryAfterSeconds !== null ? reply.retryAfterSeconds * 1000 : backoff;
          backoff *= 2;
          log.warn({ path: where, attempt, status, waitMs }, 'ebay asked to wait');
          await sleep(capped(waitMs));
          continue;
        }
        if (status === 401 && !renewed) {
          renewed = true;
          // The session carries the new token, so this request's later calls use it too.
          session.accessToken = (await tokens.renew(session.userId)).accessToken;
          attempt--;
          continue;
        }
        if (status === 401 || status === 403) {
          log.warn({ path: where, status }, 'ebay refused the token');
          throw new HttpError(409, EBAY_MESSAGES.reconnect, 'ebay-reconnect');
        }
        if (status >= 500) {
          throw new HttpError(502, EBAY_MESSAGES.unavailable, 'ebay-unavailable');
        }
        if (status >= 400) {
          const refusal = errorsSchema.safeParse(reply.body);
          if (!refusal.success) {
            log.warn({ path: where, status }, 'ebay refused without its error shape');
            throw new HttpError(
              502,
              `eBay refused the request (HTTP ${status}). Please try again.`,
              'ebay-refused',
            );
          }
          const errors = refusal.data.errors;
          return { kind: 'refused', status, errors, message: refusalText(errors) };
        }
        if (status >= 300) {
          log.warn({ path: where, status }, 'ebay answered with a redirect');
          throw new HttpError(502, EBAY_MESSAGES.unavailable, 'ebay-unavailable');
        }
        // 204 (an item replaced, an offer updated, no aspects): nothing to read.
        const data = schema.safeParse(reply.body ?? {});
        if (!data.success) {
          log.warn(
            { path: where, issues: data.error.issues },
            'ebay answered in an unexpected shape',
          );
          throw new HttpError(502, EBAY_MESSAGES.malformed, 'ebay-malformed');
        }
        return { kind: 'ok', data: data.data };
      }
      throw new HttpError(503, EBAY_MESSAGES.busy, 'ebay-throttled');
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
