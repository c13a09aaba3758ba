import { describe, expect, it } from 'vitest';
import { INVALID_SHOP_DOMAIN_MESSAGE, isShopDomain, normalizeShopDomain } from './shopify-domain';

describe('normalizeShopDomain', () => {
  it.each([
    ['acme.myshopify.com', 'acme.myshopify.com'],
    ['  Acme-Goods.MyShopify.com ', 'acme-goods.myshopify.com'],
    ['https://acme.myshopify.com', 'acme.myshopify.com'],
    ['https://acme.myshopify.com/admin/products?x=1#top', 'acme.myshopify.com'],
    ['acme.myshopify.com/admin', 'acme.myshopify.com'],
    ['http://acme.myshopify.com/', 'acme.myshopify.com'],
    ['acme.myshopify.com.', 'acme.myshopify.com'],
    ['shop2.myshopify.com', 'shop2.myshopify.com'],
  ])('%j → %s', (input, host) => {
    expect(normalizeShopDomain(input)).toBe(host);
  });

  it.each([
    '',
    '   ',
    'acme',
    'myshopify.com',
    '.myshopify.com',
    'acme.myshopify.com.evil.com',
    'evil.com/acme.myshopify.com',
    'evil.com?acme.myshopify.com',
    'evil.com#.myshopify.com',
    'https://evil.com/x.myshopify.com',
    'acme.myshopify.com@evil.com',
    'user@acme.myshopify.com',
    'acme.myshopify.com:8080',
    'a.b.myshopify.com',
    '-acme.myshopify.com',
    'acme-.myshopify.com',
    'ac_me.myshopify.com',
    'acme.shopify.com',
    'ftp://acme.myshopify.com',
    'javascript://acme.myshopify.com',
    'acme .myshopify.com',
    '127.0.0.1',
    `${'a'.repeat(64)}.myshopify.com`,
  ])('refuses %j', (input) => {
    expect(normalizeShopDomain(input)).toBeNull();
  });

  it('the message names an example store', () => {
    expect(INVALID_SHOP_DOMAIN_MESSAGE).toBe(
      'Please enter a valid Shopify store domain (e.g. your-store.myshopify.com)',
    );
  });
});

describe('isShopDomain', () => {
  it('is anchored at both ends', () => {
    expect(isShopDomain('acme.myshopify.com')).toBe(true);
    expect(isShopDomain('x.acme.myshopify.com')).toBe(false);
    expect(isShopDomain('acme.myshopify.com/')).toBe(false);
    expect(isShopDomain('ACME.myshopify.com')).toBe(false);
  });
});
