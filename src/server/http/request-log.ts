/**
 * One log line per request. In development it is written for a person by pino-pretty
 * (`12:00:01 INFO: GET /api/health 200 3 ms`); elsewhere it is a JSON line carrying the same
 * message and the request's fields. Query strings never reach the log: they carry one-time tokens.
 */
import type { FastifyInstance } from 'fastify';
import pretty from 'pino-pretty';

interface LogStream {
  write(line: string): void;
}

/** A Google feed's private address carries its secret in the path (ADR 037). */
const FEED_TOKEN_PATH = /^\/api\/google-feed\/[^/?]+\/products\./;

/**
 * Strips query strings from logged URLs: they carry one-time tokens. So does the path of a
 * private feed address, whose token is replaced too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(
    FEED_TOKEN_PATH,
    '/api/google-feed/[redacted]/products.',
  );
  return q === -1 ? path : `${path}?[redacted]`;
}

/** Readable lines for a terminal: time, level and message; request fields stay out of the line. */
export function readableLogStream(destination: NodeJS.WritableStream = process.stdout): LogStream {
  return pretty({
    destination,
    sync: true,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
  });
}

export function logEachRequest(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = Math.round(reply.elapsedTime);
    request.log.info(
      { req: request, res: reply, responseTime },
      `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${responseTime} ms`,
    );
  });
}
