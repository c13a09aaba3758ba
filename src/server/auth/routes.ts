import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { HttpError } from '../http/errors.js';
import { CLIENT_IP_HEADER, type Auth } from './auth.js';

export interface SessionUser {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}

const RESET_REQUEST_PATH = '/api/auth/request-password-reset';
/**
 * A reset request for a known address does more work (a token, a mail) than for an unknown one;
 * both answer after the same time so the delay tells nothing about who has an account (ADR 002).
 */
export const RESET_REQUEST_MIN_MS = 300;

function webHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

interface AuthRouteDeps {
  auth: Auth;
}

/** Mounts better-auth at /api/auth, translating between Fastify and the Fetch API. */
export async function authRoutes(app: FastifyInstance, { auth }: AuthRouteDeps) {
  async function handle(request: FastifyRequest): Promise<Response> {
    const url = new URL(request.url, 'http://internal');
    const hasBody = request.method !== 'GET' && request.body !== undefined;
    return auth.handler(
      new Request(new URL(url.pathname + url.search, auth.options.baseURL as string), {
        method: request.method,
        headers: webHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
  }

  async function resetRequest(request: FastifyRequest): Promise<Response> {
    const started = performance.now();
    const response = await handle(request);
    const remaining = RESET_REQUEST_MIN_MS - (performance.now() - started);
    if (remaining > 0) await sleep(remaining);
    return response;
  }

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const path = request.url.split('?')[0];
      const isPost = request.method === 'POST';
      const response =
        isPost && path === RESET_REQUEST_PATH ? await resetRequest(request) : await handle(request);
      // better-auth answers paths it does not know with an empty 404; give those the app's
      // JSON 404 like every other unknown /api path.
      if (response.status === 404 && !response.body) return reply.callNotFound();
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

/** preHandler: loads the session from the cookie, or answers 401. */
/** The signed-in user's address, or null: for pages that show less, not nothing, to visitors. */
export function sessionEmail(auth: Auth) {
  return async function emailOf(request: FastifyRequest): Promise<string | null> {
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    return session?.user.email ?? null;
  };
}

/** The signed-in user's id, or undefined: for routes a browser reaches from elsewhere. */
export function sessionUserId(auth: Auth) {
  return async function userIdOf(request: FastifyRequest): Promise<string | undefined> {
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    return session?.user.id;
  };
}

export function requireSession(auth: Auth) {
  return async function loadSession(request: FastifyRequest, _reply: FastifyReply) {
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    if (!session) throw new HttpError(401, 'Unauthorized');
    request.sessionUser = { id: session.user.id, email: session.user.email };
  };
}
