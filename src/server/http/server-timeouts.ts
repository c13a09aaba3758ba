/**
 * The HTTP server's own deadlines. Fastify leaves Node's request timeout off and Node checks
 * its header deadline only every 30 s, so a bare process held a connection that drips one
 * header byte at a time for as long as the client liked (nginx covers the documented
 * deployment; a process exposed on its own did not). Bodies that stop are the body timeout's.
 */
import type { ServerOptions } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config.js';

/** How often Node looks for requests past their deadlines, at most. */
const MAX_CHECK_INTERVAL_MS = 1_000;

export function serverTimeoutOptions({
  headersMs,
  requestMs,
  keepAliveMs,
}: AppConfig['httpTimeouts']): Pick<FastifyServerOptions, 'requestTimeout' | 'keepAliveTimeout'> & {
  http: ServerOptions;
} {
  return {
    // Fastify sets these on the server it creates (requestTimeout would otherwise be 0: none).
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      // A deadline is only as exact as the check: a quarter of the shortest, within a second.
      connectionsCheckingInterval: Math.max(
        10,
        Math.min(MAX_CHECK_INTERVAL_MS, Math.floor(headersMs / 4)),
      ),
    },
  };
}
