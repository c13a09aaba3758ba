import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.js';

const BASE = { AUTH_SECRET: 'a-config-test-secret-that-is-long-enough-0123', DATA_DIR: '/tmp/x' };
const KEY = Buffer.alloc(32, 7).toString('base64');

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...BASE, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('Shopify configuration', () => {
  it('defaults to the sandbox store with write_products and a key derived from AUTH_SECRET', () => {
    const { shopify } = loadConfig(BASE);
    expect(shopify.app).toEqual({ kind: 'sandbox' });
    expect(shopify.scopes).toBe('write_products');
    expect(shopify.tokenKey).toHaveLength(32);
    expect(loadConfig(BASE).shopify.tokenKey.equals(shopify.tokenKey)).toBe(true);
    const other = loadConfig({ ...BASE, AUTH_SECRET: `${BASE.AUTH_SECRET}-other` });
    expect(other.shopify.tokenKey.equals(shopify.tokenKey)).toBe(false);
  });

  it('switches to Shopify with both keys, the origin template and an explicit token key', () => {
    const { shopify } = loadConfig({
      ...BASE,
      SHOPIFY_API_KEY: 'key',
      SHOPIFY_API_SECRET: 'secret',
      SHOPIFY_SCOPES: 'write_products,read_products',
      SHOPIFY_SHOP_ORIGIN: 'http://127.0.0.1:9999/{shop}/',
      SHOPIFY_TOKEN_KEY: KEY,
    });
    expect(shopify.app).toEqual({
      kind: 'shopify',
      apiKey: 'key',
      apiSecret: 'secret',
      shopOrigin: 'http://127.0.0.1:9999/{shop}',
    });
    expect(shopify.scopes).toBe('write_products,read_products');
    expect(shopify.tokenKey.toString('base64')).toBe(KEY);
  });

  it('refuses one key without the other', () => {
    expect(configError({ SHOPIFY_API_KEY: 'key' })).toContain(
      'SHOPIFY_API_SECRET: SHOPIFY_API_KEY and SHOPIFY_API_SECRET go together',
    );
    expect(configError({ SHOPIFY_API_SECRET: 'secret' })).toContain('SHOPIFY_API_KEY:');
  });

  it.each([
    'https://example.com',
    'https://{shop}.example.com/{shop}',
    'ftp://{shop}',
    'https://{shop}?x=1',
    'not a url {shop}',
  ])('refuses the origin template %j', (origin) => {
    expect(configError({ SHOPIFY_SHOP_ORIGIN: origin })).toContain('SHOPIFY_SHOP_ORIGIN:');
  });

  it('refuses a token key that is not 32 bytes of base64', () => {
    for (const key of ['short', Buffer.alloc(16).toString('base64'), `${KEY}!`]) {
      expect(configError({ SHOPIFY_TOKEN_KEY: key })).toContain(
        'SHOPIFY_TOKEN_KEY: must be 32 bytes, base64-encoded',
      );
    }
  });

  it('requires its own token key in production with real Shopify, and never prints secrets', () => {
    const message = configError({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:25',
      SHOPIFY_API_KEY: 'key',
      SHOPIFY_API_SECRET: 'very-secret-value',
    });
    expect(message).toContain('SHOPIFY_TOKEN_KEY: required in production with SHOPIFY_API_KEY');
    expect(message).not.toContain('very-secret-value');
  });
});
