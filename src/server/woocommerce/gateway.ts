/**
 * A WooCommerce store as Listsmith speaks to it (DESIGN.md: every outside service behind an
 * interface; ADR 039). Two implementations: the sandbox store Listsmith plays itself (embedded
 * default, sandbox-gateway.ts) and real stores over https (http-gateway.ts). The services never
 * ask which one they talk to.
 */

/** A connected store's address and its REST API keys, opened (never logged, never to the browser). */
export interface WooCredentials {
  storeUrl: string;
  consumerKey: string;
  consumerSecret: string;
}

/** A connected store as publishing calls it: its row id, address and opened keys. */
export interface StoreAccess extends WooCredentials {
  id: string;
}

/** The store's host (and folder), as messages and logs name it. */
export const storeName = (storeUrl: string) => storeUrl.replace(/^https?:\/\//, '');

/** What the app-authorization endpoint takes (class-wc-auth.php, `/wc-auth/v1/authorize`). */
export interface WooAuthorizeRequest {
  storeUrl: string;
  appName: string;
  /** Our one-time state; the store echoes it in the key callback and on return. */
  userId: string;
  returnUrl: string;
  callbackUrl: string;
}

export type WooMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A REST API answer as received; the client parses it. */
export interface WooReply {
  status: number;
  /** Seconds from a 429's or 503's Retry-After, when given. */
  retryAfterSeconds: number | null;
  body: unknown;
}

export interface WooGateway {
  readonly kind: 'sandbox' | 'live';
  /** Where the browser goes to approve Listsmith (the store's own page, or the sandbox's). */
  authorizeUrl(request: WooAuthorizeRequest): string;
  /** One REST API v3 call: `path` below `/wp-json/wc/v3` (e.g. `/products?sku=…`). */
  request(
    credentials: WooCredentials,
    method: WooMethod,
    path: string,
    body?: unknown,
  ): Promise<WooReply>;
  /** The product's page in the store's admin, for 'View in WooCommerce'. */
  adminProductUrl(storeUrl: string, productId: string): string;
}

/** The store could not be reached, or answered with something that is not HTTP JSON. */
export class WooGatewayError extends Error {
  override name = 'WooGatewayError';
}

export const WOO_REST_PREFIX = '/wp-json/wc/v3';
