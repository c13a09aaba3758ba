/**
 * Connecting a seller's eBay account (issue 27, ADR 049) with eBay's authorization-code grant:
 * a one-time state bound to the seller (stored hashed, expiring, consumed by the first callback),
 * the code exchanged for a user access token (2 hours) and refresh token (18 months), both sealed
 * at rest as Shopify tokens are (ADR 021). A callback whose state is unknown, used, expired or
 * another seller's connects nothing and exchanges no code. Publishing asks for a current token:
 * refreshed when it has expired (or when eBay answered 401), and a refresh token eBay refuses
 * (`invalid_grant`: revoked, expired) marks the connection as needing to be connected again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { EBAY_MESSAGES, type EbayConnectionReply } from '#domain/api/ebay.js';
import { HttpError } from '../http/errors.js';
import { decryptToken, encryptToken, TokenDecryptionError } from '../shopify/index.js';
import { EbayGatewayError, type EbayGateway, type EbayTokens } from './gateway.js';
import type { ConnectionRow, EbayRepository } from './repository.js';

export const STATE_TTL_MS = 15 * 60 * 1000;
const STATES_PER_USER = 10;
/** A token this close to its expiry is refreshed first, so it cannot expire mid-publish. */
const REFRESH_MARGIN_MS = 60 * 1000;
/** eBay's refresh tokens last 18 months; when its answer does not say, this is assumed. */
const REFRESH_TOKEN_LIFETIME_MS = 47_304_000 * 1000;

export type EbayConnectRefusal = 'invalid' | 'expired' | 'declined' | 'failed';
export type EbayCallbackOutcome =
  { kind: 'connected' } | { kind: 'refused'; reason: EbayConnectRefusal };

/** What a call to eBay is made with: the seller and a current access token. */
export interface EbaySession {
  userId: string;
  accessToken: string;
}

export interface ConnectServiceDeps {
  repository: EbayRepository;
  gateway: EbayGateway;
  tokenKey: Buffer;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export function createConnectService(deps: ConnectServiceDeps) {
  const { repository, gateway, tokenKey, now, log } = deps;

  const reconnect = () => new HttpError(409, EBAY_MESSAGES.reconnect, 'ebay-reconnect');

  async function connection(userId: string): Promise<ConnectionRow> {
    const row = await repository.findConnection(userId);
    if (!row) throw new HttpError(409, EBAY_MESSAGES.notConnected, 'ebay-not-connected');
    if (row.needsReconnect) throw reconnect();
    return row;
  }

  /** A new access token for the stored refresh token; a refused one marks the connection. */
  async function refresh(row: ConnectionRow): Promise<string> {
    let tokens: EbayTokens;
    try {
      if (row.refreshTokenExpiresAt.getTime() <= now().getTime()) {
        throw new EbayGatewayError('the refresh token expired', true);
      }
      tokens = await gateway.refresh(decryptToken(row.refreshToken, tokenKey));
    } catch (error) {
      const revoked =
        error instanceof TokenDecryptionError ||
        (error instanceof EbayGatewayError && error.revoked);
      if (!revoked) {
        if (!(error instanceof EbayGatewayError)) throw error;
        log.warn({ reason: error.message }, 'ebay token refresh failed');
        throw new HttpError(502, EBAY_MESSAGES.unavailable, 'ebay-unavailable');
      }
      log.warn({ reason: (error as Error).message }, 'ebay refresh token refused');
      await repository.markNeedsReconnect(row.userId, now());
      throw reconnect();
    }
    await repository.updateAccessToken(
      row.userId,
      encryptToken(tokens.accessToken, tokenKey),
      tokens.accessTokenExpiresAt,
      now(),
    );
    log.info({}, 'ebay token refreshed');
    return tokens.accessToken;
  }

  return {
    /** A one-time state for the seller and eBay's consent page to send the browser to. */
    async startConnect(userId: string): Promise<{ authorizeUrl: string }> {
      const state = randomBytes(24).toString('base64url');
      const at = now();
      await repository.createState(
        { stateHash: hashState(state), userId, expiresAt: new Date(at.getTime() + STATE_TTL_MS) },
        at,
        STATES_PER_USER,
      );
      return { authorizeUrl: gateway.consentUrl(state) };
    },

    /** eBay's redirect back (`state`, and `code` or an error), for the signed-in seller. */
    async completeConnect(
      userId: string | undefined,
      query: URLSearchParams,
    ): Promise<EbayCallbackOutcome> {
      const refuse = (reason: EbayConnectRefusal, why: string): EbayCallbackOutcome => {
        log.warn({ reason: why }, 'ebay callback refused');
        return { kind: 'refused', reason };
      };
      const state = query.get('state');
      const stored = state ? await repository.consumeState(hashState(state)) : undefined;
      if (!stored) return refuse('invalid', 'unknown or used state');
      if (!userId || stored.userId !== userId) return refuse('invalid', 'state of another seller');
      if (stored.expiresAt.getTime() <= now().getTime()) return refuse('expired', 'state expired');
      const code = query.get('code');
      if (!code) return refuse('declined', query.get('error') ?? 'no code');

      let tokens: EbayTokens;
      try {
        tokens = await gateway.exchangeCode(code);
      } catch (error) {
        if (!(error instanceof EbayGatewayError)) throw error;
        log.warn({ reason: error.message }, 'ebay code exchange failed');
        return { kind: 'refused', reason: 'failed' };
      }
      if (!tokens.refreshToken) return refuse('failed', 'no refresh token');
      const at = now();
      await repository.saveConnection(
        userId,
        {
          accessToken: encryptToken(tokens.accessToken, tokenKey),
          accessTokenExpiresAt: tokens.accessTokenExpiresAt,
          refreshToken: encryptToken(tokens.refreshToken, tokenKey),
          refreshTokenExpiresAt:
            tokens.refreshTokenExpiresAt ?? new Date(at.getTime() + REFRESH_TOKEN_LIFETIME_MS),
        },
        at,
      );
      log.info({}, 'ebay account connected');
      return { kind: 'connected' };
    },

    /** Whose state it is, without using it up (the sandbox's consent page checks it). */
    async stateOwner(state: string): Promise<string | null> {
      const row = await repository.findState(hashState(state));
      return row && row.expiresAt.getTime() > now().getTime() ? row.userId : null;
    },

    async connectionReply(userId: string): Promise<EbayConnectionReply> {
      const row = await repository.findConnection(userId);
      return {
        sandbox: gateway.kind === 'sandbox',
        connection: row ? { needsReconnect: row.needsReconnect, settings: row.settings } : null,
      };
    },

    async disconnect(userId: string): Promise<EbayConnectionReply> {
      await repository.deleteConnection(userId);
      return { sandbox: gateway.kind === 'sandbox', connection: null };
    },

    /** The seller's connection (409 when there is none or it must be connected again). */
    connection,

    /** A current access token, refreshed first when it has expired or is about to. */
    async session(userId: string): Promise<EbaySession> {
      const row = await connection(userId);
      const fresh = row.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > now().getTime();
      if (fresh) {
        try {
          return { userId, accessToken: decryptToken(row.accessToken, tokenKey) };
        } catch (error) {
          if (!(error instanceof TokenDecryptionError)) throw error;
        }
      }
      return { userId, accessToken: await refresh(row) };
    },

    /** eBay answered 401 to the token: refreshed once, whatever its recorded expiry. */
    async renew(userId: string): Promise<EbaySession> {
      return { userId, accessToken: await refresh(await connection(userId)) };
    },
  };
}

export type ConnectService = ReturnType<typeof createConnectService>;
