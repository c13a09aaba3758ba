/**
 * Environment variables that connect Listsmith to eBay (ADR 049); src/server/config.ts spreads
 * `ebayEnvShape` into its schema and puts `toEbayConfig(env, authSecret)` in AppConfig. Without
 * EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME, Listsmith plays eBay itself (the sandbox).
 */
import { hkdfSync } from 'node:crypto';
import { z } from 'zod';

const origin = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' })
  .transform((value) => value.replace(/\/+$/, ''));

const key = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const bytes = Buffer.from(value, 'base64');
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) || bytes.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, base64-encoded' });
      return z.NEVER;
    }
    return bytes;
  });

export const ebayEnvShape = {
  /** The app's keyset (App ID, Cert ID) and its RuName: all three switch the sandbox to eBay. */
  EBAY_CLIENT_ID: z.string().trim().min(1).optional(),
  EBAY_CLIENT_SECRET: z.string().trim().min(1).optional(),
  EBAY_RU_NAME: z.string().trim().min(1).optional(),
  /** eBay's own sandbox: https://api.sandbox.ebay.com and https://auth.sandbox.ebay.com. */
  EBAY_API_ORIGIN: origin.default('https://api.ebay.com'),
  EBAY_AUTH_ORIGIN: origin.default('https://auth.ebay.com'),
  EBAY_SITE_ORIGIN: origin.default('https://www.ebay.com'),
  /** AES-256-GCM key for stored eBay tokens: 32 bytes, base64 (never logged). */
  EBAY_TOKEN_KEY: key.optional(),
};

type EbayEnv = z.output<z.ZodObject<typeof ebayEnvShape>> & { NODE_ENV: string };

const KEYSET = ['EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET', 'EBAY_RU_NAME'] as const;

/** The keyset's three variables go together: says which are missing. */
export function requireEbayKeyset(
  env: Pick<EbayEnv, (typeof KEYSET)[number]>,
  ctx: z.RefinementCtx,
): void {
  const set = KEYSET.filter((name) => env[name] !== undefined);
  if (set.length === 0 || set.length === KEYSET.length) return;
  for (const name of KEYSET.filter((entry) => !set.includes(entry))) {
    ctx.addIssue({
      code: 'custom',
      path: [name],
      message: 'EBAY_CLIENT_ID, EBAY_CLIENT_SECRET and EBAY_RU_NAME go together: set all or none',
    });
  }
}

export interface EbayConfig {
  app:
    | { kind: 'sandbox' }
    | {
        kind: 'ebay';
        clientId: string;
        clientSecret: string;
        ruName: string;
        apiOrigin: string;
        authOrigin: string;
        siteOrigin: string;
      };
  /** AES-256-GCM key for access and refresh tokens at rest. */
  tokenKey: Buffer;
}

/** As Shopify's: the key derived from the auth secret unless production with eBay names its own. */
export function toEbayConfig(env: EbayEnv, authSecret: string): EbayConfig {
  const live = env.EBAY_CLIENT_ID && env.EBAY_CLIENT_SECRET && env.EBAY_RU_NAME;
  if (env.NODE_ENV === 'production' && live && !env.EBAY_TOKEN_KEY) {
    throw new Error('EBAY_TOKEN_KEY: required in production with EBAY_CLIENT_ID');
  }
  return {
    app: live
      ? {
          kind: 'ebay',
          clientId: env.EBAY_CLIENT_ID!,
          clientSecret: env.EBAY_CLIENT_SECRET!,
          ruName: env.EBAY_RU_NAME!,
          apiOrigin: env.EBAY_API_ORIGIN,
          authOrigin: env.EBAY_AUTH_ORIGIN,
          siteOrigin: env.EBAY_SITE_ORIGIN,
        }
      : { kind: 'sandbox' },
    tokenKey:
      env.EBAY_TOKEN_KEY ??
      Buffer.from(hkdfSync('sha256', authSecret, 'listsmith', 'ebay-token-key', 32)),
  };
}
