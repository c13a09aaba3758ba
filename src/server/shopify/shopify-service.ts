/**
 * Connecting a Shopify store (issue 15; DESIGN.md 'Store connection is safe'): a single-use state
 * bound to the user, an HMAC-verified callback, tokens sealed at rest and refreshed when expired.
 * A callback that fails any check connects nothing and makes no token request.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ConnectedStore, OAuthStateReply, ShopConnectError } from '#domain/api/shopify.js';
import { STORE_NOT_FOUND_MESSAGE } from '#domain/api/shopify.js';
import {
  INVALID_SHOP_DOMAIN_MESSAGE,
  isShopDomain,
  normalizeShopDomain,
} from '#domain/shopify-domain.js';
import { HttpError } from '../http/errors.js';
import { decryptToken, encryptToken, TokenDecryptionError, verifyQuery } from './crypto.js';
import { ShopifyGatewayError, type ShopifyGateway, type ShopTokens } from './gateway.js';
import type { SealedTokens, ShopifyRepository, StoreRow } from './shopify-repository.js';

export const STATE_TTL_MS = 10 * 60 * 1000;
/** Open states a user may hold (one per tab or retry is plenty). */
const STATES_PER_USER = 10;
/** Shopify's library allows the same clock difference on a redirect's timestamp. */
export const TIMESTAMP_TOLERANCE_S = 90;
/** A token this close to its expiry is refreshed first, so it cannot expire mid-request. */
const REFRESH_MARGIN_MS = 60 * 1000;

export const reconnectMessage = (shop: string) =>
  `Your Shopify store ${shop} needs to be connected again.`;

export const SHOPIFY_UNAVAILABLE_MESSAGE = 'Shopify could not be reached. Please try again.';

export type CallbackOutcome =
  { kind: 'connected'; shop: string } | { kind: 'refused'; reason: ShopConnectError };

/** What publishing needs to call a store: a current access token, never sent to the browser. */
export interface StoreAccess {
  id: string;
  shopDomain: string;
  accessToken: string;
}

export interface ShopifyServiceDeps {
  repository: ShopifyRepository;
  gateway: ShopifyGateway;
  tokenKey: Buffer;
  /** Absolute URL of the callback route, as registered with Shopify. */
  callbackUrl: string;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  /** After stores are removed: the sandbox store forgets shops no one has connected. */
  afterStoresRemoved?: () => Promise<void>;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export function createShopifyService(deps: ShopifyServiceDeps) {
  const { repository, gateway, tokenKey, now, log } = deps;

  const seal = (tokens: ShopTokens): SealedTokens => ({
    accessToken: encryptToken(tokens.accessToken, tokenKey),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshToken: tokens.refreshToken === null ? null : encryptToken(tokens.refreshToken, tokenKey),
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    scope: tokens.scope,
  });

  async function refreshed(store: StoreRow): Promise<string> {
    const at = now();
    const usable = (expiresAt: Date | null) =>
      expiresAt === null || expiresAt.getTime() - REFRESH_MARGIN_MS > at.getTime();
    if (usable(store.accessTokenExpiresAt)) return decryptToken(store.accessToken, tokenKey);
    if (store.refreshToken === null || !usable(store.refreshTokenExpiresAt)) {
      throw new ShopifyGatewayError('the refresh token expired', true);
    }
    const tokens = await gateway.refresh(
      store.shopDomain,
      decryptToken(store.refreshToken, tokenKey),
    );
    // Refresh tokens rotate: the new one replaces the old (Shopify keeps the old valid until
    // the new one is first used, so a refresh racing this one still succeeds).
    await repository.updateTokens(store.id, seal(tokens), at);
    log.info({ shop: store.shopDomain }, 'shopify token refreshed');
    return tokens.accessToken;
  }

  return {
    /** A single-use state for the user and the address of the store's consent page. */
    async startConnect(userId: string, shopInput: string): Promise<OAuthStateReply> {
      const shop = normalizeShopDomain(shopInput);
      if (!shop) throw new HttpError(400, INVALID_SHOP_DOMAIN_MESSAGE, 'invalid-shop');
      const state = randomBytes(24).toString('base64url');
      const at = now();
      await repository.createState(
        {
          stateHash: hashState(state),
          userId,
          shopDomain: shop,
          expiresAt: new Date(at.getTime() + STATE_TTL_MS),
        },
        at,
        STATES_PER_USER,
      );
      const authorizeUrl = gateway.authorizeUrl({ shop, state, redirectUri: deps.callbackUrl });
      return { state, shop, authorizeUrl };
    },

    /** Shopify's redirect back, for the signed-in user (undefined without a session). */
    async completeConnect(
      userId: string | undefined,
      query: URLSearchParams,
    ): Promise<CallbackOutcome> {
      const refuse = (reason: ShopConnectError, why: string): CallbackOutcome => {
        log.warn({ reason: why }, 'shopify callback refused');
        return { kind: 'refused', reason };
      };
      // The signature first: a forged callback must not even use up a state.
      if (!verifyQuery(query, gateway.signingSecret)) return refuse('invalid', 'hmac');
      const timestamp = Number(query.get('timestamp'));
      const skew = Math.abs(now().getTime() / 1000 - timestamp);
      if (!Number.isFinite(timestamp) || skew > TIMESTAMP_TOLERANCE_S) {
        return refuse('expired', 'timestamp');
      }
      const state = query.get('state');
      const stored = state ? await repository.consumeState(hashState(state)) : undefined;
      if (!stored) return refuse('invalid', 'unknown or used state');
      if (stored.userId !== userId) return refuse('invalid', 'state of another user');
      if (stored.expiresAt.getTime() <= now().getTime()) return refuse('expired', 'state expired');
      const shop = query.get('shop') ?? '';
      if (!isShopDomain(shop) || shop !== stored.shopDomain) return refuse('invalid', 'shop');
      const code = query.get('code');
      if (!code) return refuse('invalid', 'code');

      let tokens: ShopTokens;
      try {
        tokens = await gateway.exchangeCode(shop, code);
      } catch (error) {
        if (!(error instanceof ShopifyGatewayError)) throw error;
        log.warn({ shop, reason: error.message }, 'shopify code exchange failed');
        return { kind: 'refused', reason: 'failed' };
      }
      await repository.saveStore(
        { id: randomUUID(), userId, shopDomain: shop },
        seal(tokens),
        now(),
      );
      log.info({ shop }, 'shopify store connected');
      return { kind: 'connected', shop };
    },

    async listStores(userId: string): Promise<ConnectedStore[]> {
      return repository.listStores(userId);
    },

    /** Forgets the store and its tokens; 404 for an unknown or another user's store. */
    async disconnect(userId: string, storeId: string): Promise<ConnectedStore[]> {
      if (!(await repository.deleteStore(userId, storeId))) {
        throw new HttpError(404, STORE_NOT_FOUND_MESSAGE, 'store-not-found');
      }
      await deps.afterStoresRemoved?.();
      return repository.listStores(userId);
    },

    /** A deleted account's stores went with it (cascade); what is left of them goes now. */
    async accountDeleted(): Promise<void> {
      await deps.afterStoresRemoved?.();
    },

    /**
     * The user's store with a current access token, refreshed first when it has expired (what
     * publishing calls before each request). 404 for an unknown or another user's store; 409
     * 'store-reconnect' when Shopify no longer accepts the refresh token (or the token key
     * changed): the seller connects the store again.
     */
    async storeAccess(userId: string, storeId: string): Promise<StoreAccess> {
      const store = await repository.findStore(userId, storeId);
      if (!store) throw new HttpError(404, STORE_NOT_FOUND_MESSAGE, 'store-not-found');
      try {
        const accessToken = await refreshed(store);
        return { id: store.id, shopDomain: store.shopDomain, accessToken };
      } catch (error) {
        const revoked =
          error instanceof TokenDecryptionError ||
          (error instanceof ShopifyGatewayError && error.revoked);
        if (!revoked) {
          if (!(error instanceof ShopifyGatewayError)) throw error;
          throw new HttpError(502, SHOPIFY_UNAVAILABLE_MESSAGE, 'shopify-unavailable');
        }
        log.warn({ shop: store.shopDomain, reason: error.message }, 'shopify token unusable');
        throw new HttpError(409, reconnectMessage(store.shopDomain), 'store-reconnect');
      }
    },
  };
}

export type ShopifyService = ReturnType<typeof createShopifyService>;
