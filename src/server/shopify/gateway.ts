/**
 * Shopify as the store connection sees it (DESIGN.md: every outside service behind an interface).
 * Two implementations: the sandbox store Listsmith serves itself (embedded default,
 * sandbox-gateway.ts) and real Shopify over plain fetch (http-gateway.ts, ADR 020). The service
 * never asks which one it talks to.
 */

/** Tokens as Shopify hands them out: an expiring offline token and its refresh token. */
export interface ShopTokens {
  accessToken: string;
  scope: string;
  /** Null for a token that never expires (a store installed before expiring tokens). */
  accessTokenExpiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}

export interface AuthorizeRequest {
  shop: string;
  state: string;
  /** Our callback, absolute (`{APP_URL}/api/shopify/callback`). */
  redirectUri: string;
}

/** A GraphQL Admin API answer, as received (publishing reads `data`, `errors`, `extensions`). */
export interface GraphqlReply {
  status: number;
  /** Seconds from a 429's Retry-After, when given. */
  retryAfterSeconds: number | null;
  body: unknown;
}

/** Where `stagedUploadsCreate` says to upload a file (stores.md §3.10 addendum, 'Files'). */
export interface StagedTarget {
  url: string;
  /** What `productSet` then takes as the file's `originalSource`. */
  resourceUrl: string;
  parameters: { name: string; value: string }[];
}

export interface StagedFile {
  bytes: Buffer;
  filename: string;
  mimeType: string;
}

export interface ShopifyGateway {
  readonly kind: 'sandbox' | 'shopify';
  /** The secret redirects and webhooks are signed with (the app's client secret). */
  readonly signingSecret: string;
  /** Where the browser goes to approve the install. */
  authorizeUrl(request: AuthorizeRequest): string;
  /** Exchanges the callback's code for an expiring offline token (`expiring=1`). */
  exchangeCode(shop: string, code: string): Promise<ShopTokens>;
  /** A new access token (and rotated refresh token) for a refresh token. */
  refresh(shop: string, refreshToken: string): Promise<ShopTokens>;
  /** One GraphQL Admin API call at the pinned version ({@link SHOPIFY_API_VERSION}). */
  graphql(
    shop: string,
    accessToken: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphqlReply>;
  /** Uploads a file to a staged target (a multipart POST with the target's parameters). */
  uploadStaged(target: StagedTarget, file: StagedFile): Promise<void>;
  /** The lines of a file Shopify made (a bulk operation's JSONL result), from its URL. */
  downloadLines(url: string): AsyncIterable<string>;
  /** The product's page in the store's admin, for the seller's 'View in Shopify admin'. */
  adminProductUrl(shop: string, productGid: string): string;
}

/** Pinned Admin API version (reference stores.md §3.10 addendum). */
export const SHOPIFY_API_VERSION = '2026-10';

/**
 * Shopify refused or could not be reached. `revoked` when the token or refresh token is no
 * longer accepted (the seller must connect again).
 */
export class ShopifyGatewayError extends Error {
  override name = 'ShopifyGatewayError';
  constructor(
    message: string,
    readonly revoked = false,
  ) {
    super(message);
  }
}

/** The token endpoint's JSON answer → {@link ShopTokens}; throws on anything unexpected. */
export function tokensFromReply(body: unknown, now: Date): ShopTokens {
  const reply = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const accessToken = reply.access_token;
  if (typeof accessToken !== 'string' || accessToken === '') {
    throw new ShopifyGatewayError('Shopify answered without an access token');
  }
  const seconds = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0
      ? new Date(now.getTime() + value * 1000)
      : null;
  return {
    accessToken,
    scope: typeof reply.scope === 'string' ? reply.scope : '',
    accessTokenExpiresAt: seconds(reply.expires_in),
    refreshToken:
      typeof reply.refresh_token === 'string' && reply.refresh_token !== ''
        ? reply.refresh_token
        : null,
    refreshTokenExpiresAt: seconds(reply.refresh_token_expires_in),
  };
}
