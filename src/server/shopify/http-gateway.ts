/**
 * Real Shopify over plain fetch (ADR 020): the authorize page and token endpoint of the shop, and
 * its GraphQL Admin API. The shop's address comes from SHOPIFY_SHOP_ORIGIN (`https://{shop}`
 * unless tests point it at a fake); the shop itself was validated as `*.myshopify.com` before.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { shopifyNumericId } from '#domain/shopify-publish.js';
import { isShopDomain } from '#domain/shopify-domain.js';
import {
  SHOPIFY_API_VERSION,
  ShopifyGatewayError,
  tokensFromReply,
  type ShopifyGateway,
} from './gateway.js';

export interface HttpGatewayConfig {
  apiKey: string;
  apiSecret: string;
  scopes: string;
  shopOrigin: string;
  now: () => Date;
  /** How long one request to Shopify may take. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
/** Uploading an image may take longer than an API call. */
const UPLOAD_TIMEOUT_MS = 60_000;
/** A bulk result of a large store is many megabytes: read as it comes, within this. */
const DOWNLOAD_TIMEOUT_MS = 30 * 60_000;
const DEFAULT_SHOP_ORIGIN = 'https://{shop}';

export function createHttpGateway(config: HttpGatewayConfig): ShopifyGateway {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function origin(shop: string): string {
    // A last guard: nothing but a validated shop host is ever put into a URL.
    if (!isShopDomain(shop)) throw new ShopifyGatewayError('Not a Shopify store domain');
    return config.shopOrigin.replace('{shop}', shop);
  }

  async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    try {
      return await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ShopifyGatewayError(`Shopify could not be reached: ${(error as Error).message}`);
    }
  }

  async function tokenRequest(shop: string, grant: Record<string, string | number>) {
    const response = await post(`${origin(shop)}/admin/oauth/access_token`, {
      client_id: config.apiKey,
      client_secret: config.apiSecret,
      ...grant,
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      // 400/401 from the token endpoint: the code or refresh token is not (any more) valid.
      const revoked = response.status === 400 || response.status === 401;
      throw new ShopifyGatewayError(
        `Shopify's token endpoint answered ${response.status}`,
        revoked,
      );
    }
    return tokensFromReply(body, config.now());
  }

  return {
    kind: 'shopify',
    signingSecret: config.apiSecret,

    authorizeUrl({ shop, state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: config.apiKey,
        scope: config.scopes,
        redirect_uri: redirectUri,
        state,
      });
      // No grant_options[]: an offline token, the store's and not one staff member's.
      return `${origin(shop)}/admin/oauth/authorize?${query.toString()}`;
    },

    exchangeCode(shop, code) {
      return tokenRequest(shop, { code, expiring: 1 });
    },

    refresh(shop, refreshToken) {
      return tokenRequest(shop, { grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async graphql(shop, accessToken, query, variables) {
      const response = await post(
        `${origin(shop)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
        { query, ...(variables ? { variables } : {}) },
        { 'x-shopify-access-token': accessToken },
      );
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        status: response.status,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        body: await response.json().catch(() => null),
      };
    },

    async uploadStaged(target, file) {
      // The target's parameters first, the file last (the storage service's signed policy).
      const form = new FormData();
      for (const { name, value } of target.parameters) form.append(name, value);
      form.append(
        'file',
        new Blob([new Uint8Array(file.bytes)], { type: file.mimeType }),
        file.filename,
      );
      let response: Response;
      try {
        response = await fetch(target.url, {
          method: 'POST',
          body: form,
          redirect: 'error',
          signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ShopifyGatewayError(
          `The upload target could not be reached: ${(error as Error).message}`,
        );
      }
      await response.arrayBuffer().catch(() => null);
      if (!response.ok) {
        throw new ShopifyGatewayError(`The upload target answered ${response.status}`);
      }
    },

    async *downloadLines(url) {
      let response: Response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
      } catch (error) {
        throw new ShopifyGatewayError(
          `The bulk result could not be fetched: ${(error as Error).message}`,
        );
      }
      if (!response.ok || !response.body) {
        await response.arrayBuffer().catch(() => null);
        throw new ShopifyGatewayError(`The bulk result answered ${response.status}`);
      }
      // Line by line, so a large store's export never sits in memory whole.
      const body = Readable.fromWeb(response.body as NodeReadableStream);
      yield* createInterface({ input: body, crlfDelay: Infinity });
    },

    adminProductUrl(shop, productGid) {
      const id = shopifyNumericId(productGid);
      // Real Shopify: the unified admin. A shop pointed elsewhere (a fake): its own /admin.
      if (config.shopOrigin === DEFAULT_SHOP_ORIGIN) {
        const store = shop.replace(/\.myshopify\.com$/, '');
        return `https://admin.shopify.com/store/${store}/products/${id}`;
      }
      return `${origin(shop)}/admin/products/${id}`;
    },
  };
}
