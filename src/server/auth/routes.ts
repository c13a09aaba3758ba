import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { limitJsonDepth } from '../http/json-depth.js';
import type { Auth } from './auth.js';
import { webHeaders, type Sessions } from './sessions.js';

const RESET_REQUEST_PATH = '/api/auth/request-password-reset';
/**
 * A reset request for a known address does more work (a token, a mail) than for an unknown one;
 * both answer after the same time so the delay tells nothing about who has an account (ADR 002).
 */
export const RESET_REQUEST_MIN_MS = 300;

interface AuthRouteDeps {
  auth: Auth;
  sessions: Sessions;
}

/** Mounts better-auth at /api/auth, translating between Fastify and the Fetch API. */
export async function authRoutes(app: FastifyInstance, { auth, sessions }: AuthRouteDeps) {
  // The body is parsed here and again by better-auth: a deep one is refused before either.
  limitJsonDepth(app);

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
      // A POST may end sessions: the session cache forgets the sender's once it is answered.
      const changed = isPost ? await sessions.aroundAuthChange(request) : undefined;
      let response: Response;
      try {
        response =
          isPost && path === RESET_REQUEST_PATH
            ? await resetRequest(request)
            : await handle(request);
      } finally {
        changed?.();
      }
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
