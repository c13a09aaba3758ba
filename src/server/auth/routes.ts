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

function webHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Mounts better-auth at /api/auth, translating between Fastify and the Fetch API. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, 'http://internal');
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(new URL(url.pathname + url.search, auth.options.baseURL as string), {
          method: request.method,
          headers: webHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
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

export function requireSession(auth: Auth) {
  return async function loadSession(request: FastifyRequest, _reply: FastifyReply) {
    const session = await auth.api.getSession({ headers: webHeaders(request) });
    if (!session) throw new HttpError(401, 'Unauthorized');
    request.sessionUser = { id: session.user.id, email: session.user.email };
  };
}
