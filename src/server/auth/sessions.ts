/**
 * Who sent a request: the session cookie checked by better-auth, through the session cache
 * (ADR 023), and the preHandlers the routes use.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { AppConfig } from '../config.js';
import { HttpError } from '../http/errors.js';
import { CLIENT_IP_HEADER, COOKIE_PREFIX, type Auth } from './auth.js';
import type { SessionUser } from '../http/signed-in.js';
import { createSessionCache } from './session-cache.js';
import type { SessionEnds } from './shared-session-ends.js';

export function webHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The value of the one cookie called `name`; undefined when absent or sent more than once. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  let value: string | undefined;
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    if (value !== undefined) return undefined;
    value = part.slice(at + 1).trim();
  }
  return value;
}

/** `sessionEnds`: with several processes (REDIS_URL), an end anywhere is forgotten everywhere. */
export function createSessions(auth: Auth, config: AppConfig, sessionEnds?: SessionEnds) {
  const cache = createSessionCache();
  sessionEnds?.onEnd((end) => ('all' in end ? cache.forgetAll() : cache.forgetUser(end.userId)));
  const forgetUser = (userId: string) => {
    cache.forgetUser(userId);
    sessionEnds?.announce({ userId });
  };
  const forgetAll = () => {
    cache.forgetAll();
    sessionEnds?.announce({ all: true });
  };
  const cookieName = `${config.servesHttps ? '__Secure-' : ''}${COOKIE_PREFIX}.session_token`;

  async function check(request: FastifyRequest) {
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    if (!session) return null;
    const user = { id: session.user.id, email: session.user.email };
    return { user, expiresAt: session.session.expiresAt };
  }

  /** The signed-in user, or null. */
  async function userOf(request: FastifyRequest): Promise<SessionUser | null> {
    const cookie = cookieValue(request.headers.cookie, cookieName);
    // No cookie (or an ambiguous one): better-auth decides, nothing is kept.
    if (cookie === undefined) return (await check(request))?.user ?? null;
    return cache.user(cookie, () => check(request));
  }

  return {
    userOf,

    /** The session check of signed-in routes (../http/signed-in.ts): the user, or 401. */
    async requireSession(request: FastifyRequest, _reply: FastifyReply) {
      const user = await userOf(request);
      if (!user) throw new HttpError(401, 'Unauthorized');
      request.sessionUser = user;
    },

    /**
     * Around a better-auth request that may end sessions (sign-out, revocation, a password
     * change or reset): once it is answered, the sender's sessions are forgotten, and after a
     * reset, which names no session, every session.
     */
    async aroundAuthChange(request: FastifyRequest): Promise<() => void> {
      if (request.url.split('?')[0] === '/api/auth/reset-password') return forgetAll;
      const user = request.headers.cookie === undefined ? null : await userOf(request);
      return () => {
        if (user) forgetUser(user.id);
      };
    },

    /** The account is gone: its sessions with it. */
    forgetUser,
  };
}

export type Sessions = ReturnType<typeof createSessions>;
