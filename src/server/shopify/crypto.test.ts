import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  decryptToken,
  encryptToken,
  queryMessage,
  signBody,
  signQuery,
  TokenDecryptionError,
  verifyBody,
  verifyQuery,
} from './crypto';

describe('query HMAC (Shopify’s published test vectors)', () => {
  const base = {
    code: '0907a61c0c8d55e99db179b68161bc00',
    shop: 'some-shop.myshopify.com',
    timestamp: '1337178173',
  };

  it('signs the sorted query without hmac', () => {
    const withState = new URLSearchParams({ ...base, state: '0.6784241404160823' });
    expect(signQuery(withState, 'hush')).toBe(
      '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
    );
    const plain = new URLSearchParams({
      timestamp: base.timestamp,
      shop: base.shop,
      code: base.code,
    });
    expect(queryMessage(plain)).toBe(
      'code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&timestamp=1337178173',
    );
    expect(signQuery(plain, 'hush')).toBe(
      '4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20',
    );
  });

  it('verifies a signed query and refuses any change', () => {
    const params = new URLSearchParams(base);
    params.set('hmac', signQuery(params, 'hush'));
    expect(verifyQuery(params, 'hush')).toBe(true);
    expect(verifyQuery(params, 'other')).toBe(false);
    const changed = new URLSearchParams(params);
    changed.set('shop', 'evil.myshopify.com');
    expect(verifyQuery(changed, 'hush')).toBe(false);
    const doubled = new URLSearchParams(params);
    doubled.append('hmac', params.get('hmac')!);
    expect(verifyQuery(doubled, 'hush')).toBe(false);
    const missing = new URLSearchParams(base);
    expect(verifyQuery(missing, 'hush')).toBe(false);
  });
});

describe('webhook HMAC', () => {
  it('is base64 over the raw body', () => {
    const body = Buffer.from('{"shop_domain":"a.myshopify.com"}');
    const header = signBody(body, 'secret');
    expect(verifyBody(body, 'secret', header)).toBe(true);
    expect(verifyBody(Buffer.from(`${body.toString()} `), 'secret', header)).toBe(false);
    expect(verifyBody(body, 'secret', undefined)).toBe(false);
    expect(verifyBody(body, 'other', header)).toBe(false);
  });
});

describe('token encryption', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the token in the clear', () => {
    const sealed = encryptToken('shpat_secret', key);
    expect(sealed).not.toContain('shpat_secret');
    expect(encryptToken('shpat_secret', key)).not.toBe(sealed);
    expect(decryptToken(sealed, key)).toBe('shpat_secret');
  });

  it('refuses another key or a changed value', () => {
    const sealed = encryptToken('shpat_secret', key);
    expect(() => decryptToken(sealed, randomBytes(32))).toThrow(TokenDecryptionError);
    const parts = sealed.split('.');
    parts[2] = Buffer.from('shpat_other!').toString('base64url');
    expect(() => decryptToken(parts.join('.'), key)).toThrow(TokenDecryptionError);
    expect(() => decryptToken('plain', key)).toThrow(TokenDecryptionError);
  });
});
