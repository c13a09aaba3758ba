/**
 * eBay as Listsmith speaks to it (DESIGN.md: every outside service behind an interface; ADR
 * 049). Two implementations: the sandbox eBay Listsmith plays itself (embedded default,
 * sandbox-gateway.ts) and eBay's REST APIs over https (http-gateway.ts). The services never ask
 * which one they talk to.
 */

/** A user access token and its refresh token as eBay's token endpoint hands them out. */
export interface EbayTokens {
  accessToken: string;
  accessTokenExpiresAt: Date;
  /** Absent from a refresh grant's answer: the refresh token stays the same. */
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}

export type EbayMethod = 'GET' | 'POST' | 'PUT';

/** A REST answer as received; the API client parses it. */
export interface EbayReply {
  status: number;
  /** Seconds from a 429's Retry-After, when given. */
  retryAfterSeconds: number | null;
  body: unknown;
}

export interface EbayGateway {
  readonly kind: 'sandbox' | 'ebay';
  /** eBay's consent page (or the sandbox's) for the authorization-code grant. */
  consentUrl(state: string): string;
  /** The callback's code for a user access token and refresh token. */
  exchangeCode(code: string): Promise<EbayTokens>;
  /** A new access token for the refresh token (`grant_type=refresh_token`). */
  refresh(refreshToken: string): Promise<EbayTokens>;
  /** One REST call; `path` from the API root, e.g. `/sell/inventory/v1/offer?sku=…`. */
  request(
    accessToken: string,
    method: EbayMethod,
    path: string,
    body?: unknown,
  ): Promise<EbayReply>;
  /** The live listing's page. */
  listingUrl(listingId: string): string;
  /** Where an unpublished offer can be seen. */
  draftUrl(sku: string): string;
}

/**
 * The token endpoint refused or could not be reached. `revoked` when eBay no longer accepts the
 * code or refresh token (`invalid_grant`): the seller must connect again.
 */
export class EbayGatewayError extends Error {
  override name = 'EbayGatewayError';
  constructor(
    message: string,
    readonly revoked = false,
  ) {
    super(message);
  }
}

/** The scopes Listsmith asks for: taxonomy (api_scope), inventory, and reading account policies. */
export const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.account.readonly',
];
