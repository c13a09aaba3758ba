import { isIP } from 'node:net';
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BillingItemKey } from '#domain/billing.js';
import {
  requireOpenAiSettings,
  toVisionProviderConfig,
  visionEnvShape,
  type VisionProviderConfig,
} from './vision/providers/provider-config.js';
import {
  ebayEnvShape,
  requireEbayKeyset,
  toEbayConfig,
  type EbayConfig,
} from './ebay/ebay-config.js';

const positiveInt = z.coerce.number().int().positive();

/**
 * Which proxies may tell the client's address in X-Forwarded-For. Trusting every hop (Fastify's
 * `true`) would let any client name its own address and dodge per-address limits, so `true`
 * means one hop: the address the nearest proxy appended. Also a hop count, or the proxies'
 * addresses/CIDRs (comma-separated).
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (value === 'true') return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const isAddressOrRange = (entry: string) => {
      const [address = '', bits, extra] = entry.split('/');
      const version = isIP(address);
      if (version === 0 || extra !== undefined) return false;
      if (bits === undefined) return true;
      return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
    };
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: 'custom',
      message: 'must be false, true (one proxy), a hop count, or proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

/**
 * A URL template with `{shop}` once, e.g. `https://{shop}` or `http://127.0.0.1:9999/{shop}`:
 * an http(s) origin with an optional path, no query or fragment, no trailing slash.
 */
const shopOriginTemplate = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const template = value.replace(/\/+$/, '');
    const parts = template.split('{shop}');
    let url: URL | undefined;
    try {
      url = new URL(template.replace('{shop}', 'example.myshopify.com'));
    } catch {
      url = undefined;
    }
    if (
      parts.length !== 2 ||
      !url ||
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      url.search !== '' ||
      url.hash !== '' ||
      template.includes('?') ||
      template.includes('#')
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an http(s) URL template containing {shop} once, e.g. https://{shop}',
      });
      return z.NEVER;
    }
    return template;
  });

const tokenKey = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const key = Buffer.from(value, 'base64');
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) || key.length !== 32) {
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, base64-encoded' });
      return z.NEVER;
    }
    return key;
  });

/** S3's bucket naming rules: 3–63 lower-case letters, digits, dots and hyphens. */
const bucketName = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
    'must be an S3 bucket name: 3–63 lower-case letters, digits, dots and hyphens',
  );

const booleanFlag = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((value) => value === 'true');

/** Every environment variable Listsmith reads. The README's configuration table mirrors this. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: positiveInt.max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for SQLite)')
      .optional(),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Listsmith <no-reply@listsmith.local>'),
    SUPPORT_EMAIL: z.email().default('support@listsmith.app'),
    SIGNIN_ATTEMPTS_PER_MINUTE: positiveInt.default(20),
    TRUST_PROXY: trustProxySetting.default(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    ...visionEnvShape,
    ...ebayEnvShape,
    /** A request whose body sends nothing for this long is answered 408 and closed. */
    BODY_IDLE_TIMEOUT_MS: positiveInt.default(30_000),
    /** A request whose headers have not all arrived this long after it began: 408, closed. */
    HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(20_000),
    /** A request not wholly received this long after it began (100 photos on a slow line fit). */
    HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(600_000),
    /** An idle kept-alive connection is closed after this long (above a proxy's own, e.g. 60 s). */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(72_000),
    /** With S3_BUCKET: how long the store may stay silent on a request before it fails (503). */
    S3_TIMEOUT_MS: positiveInt.max(600_000).default(5_000),
    /** With REDIS_URL: how long handing an upload's jobs to the queue may take before a 503. */
    REDIS_TIMEOUT_MS: positiveInt.max(600_000).default(5_000),
    /** Live-update (SSE) connections this process holds open at most, all users together. */
    MAX_EVENT_STREAMS: positiveInt.default(1000),
    /** Photos described at the same time by this process (the vision provider's parallelism). */
    GENERATION_CONCURRENCY: positiveInt.max(64).default(2),
    /**
     * Addresses (IPs or CIDRs) a catalogue import may fetch images from although they are
     * private or loopback: for tests and local development only (refused in production), so an
     * image server on 127.0.0.1 can stand in for a store's CDN. Comma-separated.
     */
    IMAGE_FETCH_ALLOW_ADDRESSES: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .default([]),
    /** How long one catalogue image may take to fetch, redirects and body included. */
    IMAGE_FETCH_TIMEOUT_MS: positiveInt.max(120_000).default(15_000),
    /**
     * Several server processes share jobs, live events and rate limits through this Redis
     * (which must run with maxmemory-policy noeviction). Unset: all of it stays in this process.
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^/]/, 'must be a redis:// or rediss:// URL')
      .refine((value) => URL.canParse(value), 'must be a valid URL')
      .optional(),
    /** Starts every Redis key (several deployments can share one Redis). */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'must be 1–40 letters, digits, dots, dashes or underscores')
      .default('listsmith'),
    /** With REDIS_URL: how soon another process takes over the jobs of a process that died. */
    JOB_LOCK_MS: positiveInt.min(1_000).max(600_000).default(20_000),
    /** With REDIS_URL, on SIGTERM: how long running jobs may finish before they go back to the queue. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
    /** Setting the key switches payments from the sandbox to Stripe (never logged). */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
    STRIPE_PRICE_PREMIUM: z.string().startsWith('price_', 'must be a price id').optional(),
    STRIPE_PRICE_PACK_10: z.string().startsWith('price_', 'must be a price id').optional(),
    STRIPE_PRICE_PACK_25: z.string().startsWith('price_', 'must be a price id').optional(),
    STRIPE_PRICE_PACK_50: z.string().startsWith('price_', 'must be a price id').optional(),
    /** Another Stripe API origin, e.g. a local fake: http://127.0.0.1:12111. */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Both set switch the store connection from the sandbox store to real Shopify (never logged). */
    SHOPIFY_API_KEY: z.string().min(1).optional(),
    SHOPIFY_API_SECRET: z.string().min(1).optional(),
    SHOPIFY_SCOPES: z
      .string()
      .regex(/^[a-z_]+(,[a-z_]+)*$/, 'must be comma-separated scopes, e.g. write_products')
      .default('write_products'),
    /** Where a shop's requests go; `{shop}` becomes the shop's domain (tests: a local fake). */
    SHOPIFY_SHOP_ORIGIN: shopOriginTemplate.default('https://{shop}'),
    /** AES-256-GCM key for stored store tokens: 32 bytes, base64 (never logged). */
    SHOPIFY_TOKEN_KEY: tokenKey.optional(),
    /**
     * `live`: sellers connect their own WooCommerce stores over the internet; `sandbox` (the
     * default): Listsmith plays every store itself and nothing leaves the machine.
     */
    WOOCOMMERCE_STORES: z.enum(['sandbox', 'live']).default('sandbox'),
    /** AES-256-GCM key for stored WooCommerce consumer keys: 32 bytes, base64 (never logged). */
    WOOCOMMERCE_KEY_KEY: tokenKey.optional(),
    /** Setting a bucket moves images from DATA_DIR/uploads to S3-compatible storage. */
    S3_BUCKET: bucketName.optional(),
    /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: local S3-compatible servers. */
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    // The AWS SDK reads these itself; they are checked here so a typo stops the start-up
    // instead of the first upload.
    AWS_REGION: z.string().trim().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    AWS_ENDPOINT_URL_S3: z.url({ protocol: /^https?$/ }).optional(),
  })
  .superRefine(requireOpenAiSettings)
  .superRefine(requireEbayKeyset)
  .superRefine((env, context) => {
    if (Boolean(env.SHOPIFY_API_KEY) === Boolean(env.SHOPIFY_API_SECRET)) return;
    const missing = env.SHOPIFY_API_KEY ? 'SHOPIFY_API_SECRET' : 'SHOPIFY_API_KEY';
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: 'SHOPIFY_API_KEY and SHOPIFY_API_SECRET go together: set both or neither',
    });
  })
  .superRefine(requireS3Settings)
  .superRefine((env, context) => {
    if (env.NODE_ENV !== 'production' || env.IMAGE_FETCH_ALLOW_ADDRESSES.length === 0) return;
    context.addIssue({
      code: 'custom',
      path: ['IMAGE_FETCH_ALLOW_ADDRESSES'],
      message: 'is for tests and local development; not allowed in production',
    });
  })
  .superRefine((env, context) => {
    if (env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS) return;
    context.addIssue({
      code: 'custom',
      path: ['HTTP_HEADERS_TIMEOUT_MS'],
      message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
    });
  })
  .superRefine((env, context) => {
    if (!env.STRIPE_SECRET_KEY) return;
    for (const key of STRIPE_REQUIRED_WITH_KEY) {
      if (!env[key]) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'required with STRIPE_SECRET_KEY',
        });
      }
    }
  });

interface S3Env {
  S3_BUCKET?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
  AWS_REGION?: string | undefined;
  AWS_ACCESS_KEY_ID?: string | undefined;
  AWS_SECRET_ACCESS_KEY?: string | undefined;
}

function requireS3Settings(env: S3Env, context: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (!env.S3_BUCKET) {
    if (env.S3_FORCE_PATH_STYLE) issue('S3_FORCE_PATH_STYLE', 'only takes effect with S3_BUCKET');
    return;
  }
  // The SDK would only notice at the first upload ("Region is missing").
  if (!env.AWS_REGION) {
    issue(
      'AWS_REGION',
      'required with S3_BUCKET (any region name, e.g. us-east-1, for local servers)',
    );
  }
  // Without both, the SDK falls back to other credentials (instance role, ~/.aws): fine, but
  // one without the other is a mistake.
  if (Boolean(env.AWS_ACCESS_KEY_ID) !== Boolean(env.AWS_SECRET_ACCESS_KEY)) {
    const missing = env.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID';
    issue(missing, 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither');
  }
}

const STRIPE_REQUIRED_WITH_KEY = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_PREMIUM',
  'STRIPE_PRICE_PACK_10',
  'STRIPE_PRICE_PACK_25',
  'STRIPE_PRICE_PACK_50',
] as const;

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  /** Public origin of the app, used in mailed links. */
  appUrl: string;
  /**
   * Origins whose state-changing requests are accepted (better-auth and our same-origin check):
   * APP_URL's; without APP_URL outside production, both loopback spellings of the port, since
   * the server prints one and a browser may be pointed at the other.
   */
  trustedOrigins: string[];
  /** APP_URL is https: Secure cookies, HSTS and upgrade-insecure-requests. */
  servesHttps: boolean;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  authSecret: string;
  mail: { kind: 'outbox' } | { kind: 'smtp'; url: string };
  mailFrom: string;
  supportEmail: string;
  signInAttemptsPerMinute: number;
  /** Fastify's trustProxy: never `true` (see trustProxySetting). */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  vision: VisionProviderConfig;
  generation: { concurrency: number };
  /** Fetching a catalogue's images (ADR 041): what may be fetched, and for how long. */
  imageFetch: { allowAddresses: string[]; timeoutMs: number };
  /** Shared state for several processes (REDIS_URL); undefined: everything in this process. */
  redis:
    | {
        url: string;
        prefix: string;
        jobLockMs: number;
        /** How long a queue command (handing an upload's jobs over) may take before it fails. */
        commandTimeoutMs: number;
      }
    | undefined;
  /** How long a stopping process lets running jobs finish. */
  shutdownGraceMs: number;
  /** Live-update (SSE) connections this process holds open at most. */
  maxEventStreams: number;
  /** How long a request body may send nothing before the request is ended. */
  bodyIdleTimeoutMs: number;
  /** The HTTP server's own deadlines (Node's headersTimeout, requestTimeout, keepAliveTimeout). */
  httpTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  billing: BillingConfig;
  shopify: ShopifyConfig;
  woocommerce: WooCommerceConfig;
  ebay: EbayConfig;
  imageStorage: ImageStorageConfig;
}

/** Where image bytes live; the S3 client reads its region, keys and endpoint from AWS_*. */
export type ImageStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      forcePathStyle: boolean;
      /** How long the store may stay silent on a request (connecting, sending, answering). */
      timeoutMs: number;
    };

export interface ShopifyConfig {
  /** The sandbox store served by Listsmith, or a real Shopify app. */
  app:
    | { kind: 'sandbox' }
    | {
        kind: 'shopify';
        apiKey: string;
        apiSecret: string;
        /** `{shop}` is replaced by the shop's domain (SHOPIFY_SHOP_ORIGIN). */
        shopOrigin: string;
      };
  scopes: string;
  /** AES-256-GCM key for access and refresh tokens at rest. */
  tokenKey: Buffer;
}

/**
 * Without SHOPIFY_TOKEN_KEY, the key is derived from the auth secret (itself kept in DATA_DIR in
 * development), so tokens survive restarts; changing AUTH_SECRET then means reconnecting stores.
 * Production with real Shopify keys must name its own key.
 */
function toShopifyConfig(env: Env, authSecret: string): ShopifyConfig {
  if (env.NODE_ENV === 'production' && env.SHOPIFY_API_KEY && !env.SHOPIFY_TOKEN_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  SHOPIFY_TOKEN_KEY: required in production with SHOPIFY_API_KEY',
    );
  }
  const tokenKey =
    env.SHOPIFY_TOKEN_KEY ??
    Buffer.from(hkdfSync('sha256', authSecret, 'listsmith', 'shopify-token-key', 32));
  return {
    app:
      env.SHOPIFY_API_KEY && env.SHOPIFY_API_SECRET
        ? {
            kind: 'shopify',
            apiKey: env.SHOPIFY_API_KEY,
            apiSecret: env.SHOPIFY_API_SECRET,
            shopOrigin: env.SHOPIFY_SHOP_ORIGIN,
          }
        : { kind: 'sandbox' },
    scopes: env.SHOPIFY_SCOPES,
    tokenKey,
  };
}

export interface WooCommerceConfig {
  /** Listsmith's own sandbox store, or sellers' real stores. */
  stores: 'sandbox' | 'live';
  /** AES-256-GCM key for consumer keys and secrets at rest. */
  keyKey: Buffer;
  /**
   * Store addresses on plain http are refused (WooCommerce takes Basic auth only over https),
   * except loopback hosts outside production (a local fake, a local WordPress).
   */
  allowLoopbackHttp: boolean;
}

/** As toShopifyConfig: the key derived from the auth secret unless production names its own. */
function toWooCommerceConfig(env: Env, authSecret: string): WooCommerceConfig {
  if (
    env.NODE_ENV === 'production' &&
    env.WOOCOMMERCE_STORES === 'live' &&
    !env.WOOCOMMERCE_KEY_KEY
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  WOOCOMMERCE_KEY_KEY: required in production with WOOCOMMERCE_STORES=live',
    );
  }
  return {
    stores: env.WOOCOMMERCE_STORES,
    keyKey:
      env.WOOCOMMERCE_KEY_KEY ??
      Buffer.from(hkdfSync('sha256', authSecret, 'listsmith', 'woocommerce-key-key', 32)),
    allowLoopbackHttp: env.NODE_ENV !== 'production',
  };
}

/** eBay's settings, its production rule said as every other configuration error is. */
function ebayConfig(env: Env, authSecret: string): EbayConfig {
  try {
    return toEbayConfig(env, authSecret);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
}

export type BillingConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      webhookSecret: string;
      priceIds: Record<BillingItemKey, string>;
      /** Where stripe-node sends requests instead of api.stripe.com. */
      apiUrl?: { host: string; port: number; protocol: 'http' | 'https' };
    };

function toBillingConfig(env: Env): BillingConfig {
  if (!env.STRIPE_SECRET_KEY) return { provider: 'sandbox' };
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  const protocol = api?.protocol === 'http:' ? 'http' : 'https';
  return {
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    // Presence checked by the schema's refinement above.
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    priceIds: {
      'pack-10': env.STRIPE_PRICE_PACK_10!,
      'pack-25': env.STRIPE_PRICE_PACK_25!,
      'pack-50': env.STRIPE_PRICE_PACK_50!,
      premium: env.STRIPE_PRICE_PREMIUM!,
    },
    ...(api
      ? {
          apiUrl: {
            host: api.hostname,
            port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443,
            protocol,
          },
        }
      : {}),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the auth secret from DATA_DIR, creating it once, so development sessions survive restarts. */
function persistentDevSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((key) => {
      const value = source[key];
      return value === undefined || value === '' ? [] : [[key, value]];
    }),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production') {
    // Without a mailer, account mails would go to the outbox, which prints their links (live
    // reset and confirmation tokens) to the log: whoever reads it could take over accounts.
    const missing = [
      ...(env.AUTH_SECRET ? [] : ['  AUTH_SECRET: required in production']),
      ...(env.SMTP_URL
        ? []
        : [
            '  SMTP_URL: required in production (account mails with their confirmation and ' +
              'reset links must go out by mail, not to the outbox and the log)',
          ]),
    ];
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
    }
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const trustedOrigins =
    env.APP_URL === undefined && env.NODE_ENV !== 'production'
      ? [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`]
      : [new URL(appUrl).origin];
  const authSecret = env.AUTH_SECRET ?? persistentDevSecret(dataDir);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    appUrl,
    trustedOrigins,
    servesHttps: appUrl.startsWith('https://'),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'listsmith.db') },
    authSecret,
    mail: env.SMTP_URL ? { kind: 'smtp', url: env.SMTP_URL } : { kind: 'outbox' },
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    signInAttemptsPerMinute: env.SIGNIN_ATTEMPTS_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    vision: toVisionProviderConfig(env),
    generation: { concurrency: env.GENERATION_CONCURRENCY },
    imageFetch: {
      allowAddresses: env.IMAGE_FETCH_ALLOW_ADDRESSES,
      timeoutMs: env.IMAGE_FETCH_TIMEOUT_MS,
    },
    redis: env.REDIS_URL
      ? {
          url: env.REDIS_URL,
          prefix: env.REDIS_PREFIX,
          jobLockMs: env.JOB_LOCK_MS,
          commandTimeoutMs: env.REDIS_TIMEOUT_MS,
        }
      : undefined,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    maxEventStreams: env.MAX_EVENT_STREAMS,
    bodyIdleTimeoutMs: env.BODY_IDLE_TIMEOUT_MS,
    httpTimeouts: {
      headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    billing: toBillingConfig(env),
    shopify: toShopifyConfig(env, authSecret),
    woocommerce: toWooCommerceConfig(env, authSecret),
    ebay: ebayConfig(env, authSecret),
    imageStorage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          timeoutMs: env.S3_TIMEOUT_MS,
        }
      : { kind: 'disk', dir: path.join(dataDir, 'uploads') },
  };
}
