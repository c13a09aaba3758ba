/**
 * Connecting a WooCommerce store (issue 26, ADR 039) through WooCommerce's app authorization:
 * the seller is sent to `{store}/wc-auth/v1/authorize` with a one-time `user_id` state; after
 * they approve, the store itself POSTs the keys to our callback (no session: the state is what
 * ties them to the seller), then sends the browser to `return_url`. The state is signed (a forged
 * one is refused before the database is asked), stored hashed with the seller and the store
 * address, expires, and is consumed by the first callback: a replay is refused. Keys are sealed at
 * rest as Shopify tokens are (ADR 021).
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  WOO_MESSAGES,
  wooKeysCallbackSchema,
  wooReconnectMessage,
  type WooConnectReply,
  type WooStore,
} from '#domain/api/woocommerce.js';
import { INVALID_STORE_URL_MESSAGE, normalizeStoreUrl } from '#domain/woocommerce-publish.js';
import { HttpError } from '../http/errors.js';
import { decryptToken, encryptToken, TokenDecryptionError } from '../shopify/index.js';
import { storeName, type StoreAccess, type WooGateway } from './gateway.js';
import type { WooRepository } from './repository.js';

export const STATE_TTL_MS = 15 * 60 * 1000;
const STATES_PER_USER = 10;
export const APP_NAME = 'Listsmith';

export type KeysOutcome =
  | { kind: 'connected'; storeUrl: string; userId: string }
  | { kind: 'refused'; reason: 'malformed' | 'forged' | 'unknown' | 'expired' | 'permissions' };

export interface ConnectServiceDeps {
  repository: WooRepository;
  gateway: WooGateway;
  keyKey: Buffer;
  /** Signs the states (a key derived from the auth secret). */
  stateSecret: Buffer;
  /** `{APP_URL}`: the callback and the return address are under it. */
  appUrl: string;
  callbackPath: string;
  allowHttp: (host: string) => boolean;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
export const isLoopbackHost = (host: string) => LOOPBACK.has(host.toLowerCase());

export function createConnectService(deps: ConnectServiceDeps) {
  const { repository, gateway, keyKey, now, log } = deps;

  const mac = (nonce: string) =>
    createHmac('sha256', deps.stateSecret).update(`woocommerce-state.${nonce}`).digest('base64url');

  /** The nonce of a state we signed, or null for anything else. */
  function signedNonce(state: string): string | null {
    const [nonce = '', given = '', extra] = state.split('.');
    if (extra !== undefined || !/^[A-Za-z0-9_-]{32}$/.test(nonce)) return null;
    const expected = Buffer.from(mac(nonce));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? nonce : null;
  }

  return {
    /** A one-time state for the seller and the store's approval page to send the browser to. */
    async startConnect(userId: string, storeUrlInput: string): Promise<WooConnectReply> {
      const storeUrl = normalizeStoreUrl(storeUrlInput, deps.allowHttp);
      if (!storeUrl) throw new HttpError(400, INVALID_STORE_URL_MESSAGE, 'invalid-store-url');
      const nonce = randomBytes(24).toString('base64url');
      const state = `${nonce}.${mac(nonce)}`;
      const at = now();
      await repository.createState(
        {
          stateHash: hash(nonce),
          userId,
          storeUrl,
          expiresAt: new Date(at.getTime() + STATE_TTL_MS),
        },
        at,
        STATES_PER_USER,
      );
      const returnQuery = new URLSearchParams({ woocommerce: storeName(storeUrl) });
      const authorizeUrl = gateway.authorizeUrl({
        storeUrl,
        appName: APP_NAME,
        userId: state,
        returnUrl: `${deps.appUrl}/account?${returnQuery.toString()}`,
        callbackUrl: `${deps.appUrl}${deps.callbackPath}`,
      });
      return { storeUrl, authorizeUrl };
    },

    /**
     * The store's POST of the keys. Refused (nothing stored) when the body is not WooCommerce's,
     * the state was not signed by us, is unknown or already used, has expired, or the keys are
     * not read/write.
     */
    async receiveKeys(body: unknown): Promise<KeysOutcome> {
      const refuse = (reason: Extract<KeysOutcome, { kind: 'refused' }>['reason']): KeysOutcome => {
        log.warn({ reason }, 'woocommerce key callback refused');
        return { kind: 'refused', reason };
      };
      const parsed = wooKeysCallbackSchema.safeParse(body);
      if (!parsed.success) return refuse('malformed');
      const keys = parsed.data;
      // The signature first: a forged state must not even reach the table.
      const nonce = signedNonce(keys.user_id);
      if (!nonce) return refuse('forged');
      const state = await repository.consumeState(hash(nonce));
      if (!state) return refuse('unknown');
      if (state.expiresAt.getTime() <= now().getTime()) return refuse('expired');
      if (keys.key_permissions !== 'read_write') return refuse('permissions');
      await repository.saveStore(
        {
          id: randomUUID(),
          userId: state.userId,
          storeUrl: state.storeUrl,
          consumerKey: encryptToken(keys.consumer_key, keyKey),
          consumerSecret: encryptToken(keys.consumer_secret, keyKey),
          keyPermissions: keys.key_permissions,
        },
        now(),
      );
      log.info({ store: storeName(state.storeUrl) }, 'woocommerce store connected');
      return { kind: 'connected', storeUrl: state.storeUrl, userId: state.userId };
    },

    /** Whose state it is, without using it up (the sandbox's Approve checks it is the seller's). */
    async stateOwner(state: string): Promise<{ userId: string; storeUrl: string } | null> {
      const nonce = signedNonce(state);
      const row = nonce ? await repository.findState(hash(nonce)) : undefined;
      return row && row.expiresAt.getTime() > now().getTime() ? row : null;
    },

    listStores(userId: string): Promise<WooStore[]> {
      return repository.listStores(userId);
    },

    /** Forgets the store and its keys; 404 for an unknown or another seller's store. */
    async disconnect(userId: string, storeId: string): Promise<WooStore[]> {
      if (!(await repository.deleteStore(userId, storeId))) {
        throw new HttpError(404, WOO_MESSAGES.storeNotFound, 'store-not-found');
      }
      return repository.listStores(userId);
    },

    /** The seller's store with its keys opened; 404 another seller's, 409 keys unreadable. */
    async storeAccess(userId: string, storeId: string): Promise<StoreAccess> {
      const store = await repository.findStore(userId, storeId);
      if (!store) throw new HttpError(404, WOO_MESSAGES.storeNotFound, 'store-not-found');
      try {
        return {
          id: store.id,
          storeUrl: store.storeUrl,
          consumerKey: decryptToken(store.consumerKey, keyKey),
          consumerSecret: decryptToken(store.consumerSecret, keyKey),
        };
      } catch (error) {
        if (!(error instanceof TokenDecryptionError)) throw error;
        log.warn({ store: storeName(store.storeUrl) }, 'woocommerce keys unreadable');
        throw new HttpError(409, wooReconnectMessage(storeName(store.storeUrl)), 'store-reconnect');
      }
    },
  };
}

export type ConnectService = ReturnType<typeof createConnectService>;
