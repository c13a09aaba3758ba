/**
 * The store domain a seller types into the store-connect dialog (spec section 5 'Store domain').
 * Only `*.myshopify.com` hosts pass, matched by an anchored pattern on the bare host: the domain
 * ends up in every request the server makes to Shopify, so a host the seller chose must never
 * reach it (Shopify's "weak shop validation" check; reference stores.md §3.4).
 */

/** The host shown in the error message as an example. */
export const EXAMPLE_SHOP_DOMAIN = 'your-store.myshopify.com';

export const INVALID_SHOP_DOMAIN_MESSAGE = `Please enter a valid Shopify store domain (e.g. ${EXAMPLE_SHOP_DOMAIN})`;

/** One DNS label before `.myshopify.com`: letters, digits and inner hyphens, up to 63 characters. */
const SHOP_DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.myshopify\.com$/;

/** True for a host that is exactly `{name}.myshopify.com` (already normalised). */
export function isShopDomain(host: string): boolean {
  return SHOP_DOMAIN.test(host);
}

/**
 * The shop's host from what the seller typed: `https://` (added when missing, as the spec says),
 * paths, queries, a port-less trailing dot and letter case are dropped; null when the host is not
 * a myshopify.com store (user info, ports and other hosts included).
 */
export function normalizeShopDomain(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || trimmed.length > 255 || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '' || url.port !== '') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return isShopDomain(host) ? host : null;
}
