/**
 * Authentication: better-auth (accounts, sessions, confirmation and reset mail) behind the
 * account throttle, the session check signed-in routes use, and the plugin that mounts
 * better-auth at /api/auth.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { Mailer } from '../mail/mailer.js';
import { createAccountThrottle } from './account-throttle.js';
import { createAuth, expiredSessionCookies } from './auth.js';
import { authRoutes } from './routes.js';
import { createSessions } from './sessions.js';
import type { SessionEnds } from './shared-session-ends.js';
import { createThrottleRepository } from './throttle-repository.js';

export type { Auth } from './auth.js';

export interface AuthenticationDeps {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
  /** The clock the account throttle counts with. */
  now: () => Date;
  /** With several processes (REDIS_URL): a session ended anywhere is forgotten everywhere. */
  sessionEnds?: SessionEnds;
}

export function createAuthentication({
  config,
  database,
  mailer,
  now,
  sessionEnds,
}: AuthenticationDeps) {
  const throttle = createAccountThrottle(createThrottleRepository(database.db), () =>
    now().getTime(),
  );
  const auth = createAuth({ config, database, mailer, throttle });
  return {
    auth,
    sessions: createSessions(auth, config, sessionEnds),
    /** Set-Cookie values that end the session in the browser. */
    clearSessionCookies: expiredSessionCookies(config),
  };
}

export type Authentication = ReturnType<typeof createAuthentication>;

/** better-auth's routes under /api/auth. */
export async function authPlugin(
  app: FastifyInstance,
  { authentication }: { authentication: Authentication },
) {
  await app.register(authRoutes, { auth: authentication.auth, sessions: authentication.sessions });
}
