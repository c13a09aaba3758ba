/**
 * eBay's REST APIs over plain fetch (production adapter, EBAY_CLIENT_ID set; ADR 049): the
 * consent page of the authorization-code grant, the token endpoint with the app's client
 * credentials as HTTP Basic, and the Sell and Commerce APIs with the seller's user token.
 * `redirect_uri` is the app's RuName, as eBay wants it, not a URL. Redirects are not followed,
 * so a token is never sent to another address.
 */
import { EBAY_CONTENT_LANGUAGE } from '#domain/ebay-listing.js';
import {
  EBAY_SCOPES,
  EbayGatewayError,
  type EbayGateway,
  type EbayReply,
  type EbayTokens,
} from './gateway.js';
import { tokenErrorSchema, tokenReplySchema } from './reply-schemas.js';

export interface EbayHttpConfig {
  clientId: string;
  clientSecret: string;
  ruName: string;
  /** https://api.ebay.com (eBay's own sandbox: https://api.sandbox.ebay.com; tests: a fake). */
  apiOrigin: string;
  /** https://auth.ebay.com (https://auth.sandbox.ebay.com). */
  authOrigin: string;
  /** Where listings are seen: https://www.ebay.com. */
  siteOrigin: string;
  now: () => Date;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

async function send(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new EbayGatewayError(`eBay could not be reached: ${(error as Error).message}`);
  }
}

async function json(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

export function createHttpGateway(config: EbayHttpConfig): EbayGateway {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');

  async function token(grant: Record<string, string>): Promise<EbayTokens> {
    const response = await send(
      `${config.apiOrigin}/identity/v1/oauth2/token`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(grant).toString(),
      },
      timeoutMs,
    );
    const body = await json(response);
    if (!response.ok) {
      const refusal = tokenErrorSchema.safeParse(body);
      const code = refusal.success ? refusal.data.error : `HTTP ${response.status}`;
      throw new EbayGatewayError(
        `eBay's token endpoint refused: ${code}`,
        code === 'invalid_grant',
      );
    }
    const parsed = tokenReplySchema.safeParse(body);
    if (!parsed.success) throw new EbayGatewayError('eBay answered without an access token');
    const at = config.now().getTime();
    const reply = parsed.data;
    return {
      accessToken: reply.access_token,
      accessTokenExpiresAt: new Date(at + reply.expires_in * 1000),
      refreshToken: reply.refresh_token ?? null,
      refreshTokenExpiresAt: reply.refresh_token_expires_in
        ? new Date(at + reply.refresh_token_expires_in * 1000)
        : null,
    };
  }

  return {
    kind: 'ebay',

    consentUrl(state) {
      const query = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: config.ruName,
        response_type: 'code',
        scope: EBAY_SCOPES.join(' '),
        state,
      });
      return `${config.authOrigin}/oauth2/authorize?${query.toString()}`;
    },

    exchangeCode(code) {
      return token({ grant_type: 'authorization_code', code, redirect_uri: config.ruName });
    },

    refresh(refreshToken) {
      return token({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        scope: EBAY_SCOPES.join(' '),
      });
    },

    async request(accessToken, method, path, body): Promise<EbayReply> {
      const response = await send(
        `${config.apiOrigin}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${accessToken}`,
            accept: 'application/json',
            'accept-language': EBAY_CONTENT_LANGUAGE,
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-language': EBAY_CONTENT_LANGUAGE }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        timeoutMs,
      );
      return {
        status: response.status,
        retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
        body: await json(response),
      };
    },

    listingUrl(listingId) {
      return `${config.siteOrigin}/itm/${encodeURIComponent(listingId)}`;
    },

    draftUrl() {
      // Unpublished Inventory API offers are not Seller Hub drafts: the inventory page lists them.
      return `${config.siteOrigin}/sh/lst/active`;
    },
  };
}
