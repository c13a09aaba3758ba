/**
 * Shopify's two signatures and our encryption of store tokens at rest.
 * - OAuth redirects: hex HMAC-SHA256 over the query minus `hmac` (and legacy `signature`), keys
 *   sorted, `key=value` joined with `&` (reference stores.md §3.3, as Shopify's library does).
 * - Webhooks: base64 HMAC-SHA256 of the raw body in `X-Shopify-Hmac-Sha256`.
 * Comparisons are constant-time.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/** The message Shopify signs for a redirect's query. */
export function queryMessage(params: URLSearchParams): string {
  const keys = [...new Set(params.keys())].filter((key) => key !== 'hmac' && key !== 'signature');
  keys.sort();
  return keys
    .map((key) => {
      // Repeated keys are joined with a comma, each part encoded as URLSearchParams would.
      const value = params.getAll(key).join(',');
      return new URLSearchParams([[key, value]]).toString().replace(/\+/g, '%20');
    })
    .join('&');
}

export function signQuery(params: URLSearchParams, secret: string): string {
  return createHmac('sha256', secret).update(queryMessage(params)).digest('hex');
}

function equalText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The redirect's `hmac` matches its other parameters. */
export function verifyQuery(params: URLSearchParams, secret: string): boolean {
  const given = params.get('hmac');
  if (!given || params.getAll('hmac').length !== 1) return false;
  return equalText(signQuery(params, secret), given.toLowerCase());
}

export function signBody(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

export function verifyBody(body: Buffer, secret: string, header: string | undefined): boolean {
  if (!header) return false;
  return equalText(signBody(body, secret), header.trim());
}

const VERSION = 'v1';

/** `v1.{iv}.{ciphertext}.{tag}` (base64url), AES-256-GCM with a fresh 12-byte IV each time. */
export function encryptToken(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, data, tag]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export class TokenDecryptionError extends Error {
  override name = 'TokenDecryptionError';
}

/** The token back; throws {@link TokenDecryptionError} for another key or a changed value. */
export function decryptToken(sealed: string, key: Buffer): string {
  const [version, iv, data, tag, extra] = sealed.split('.');
  if (version !== VERSION || !iv || data === undefined || !tag || extra !== undefined) {
    throw new TokenDecryptionError('not a sealed token');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new TokenDecryptionError('token could not be decrypted');
  }
}
