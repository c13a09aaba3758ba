/**
 * The Fastify instance every route is registered on: logging, security headers, compression, the
 * one error handler, the body idle timeout, and the API's cache and same-origin rules. No route
 * is registered here; app.ts registers the capabilities' plugins on it.
 */
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { ZodError } from 'zod';
import type { AppConfig } from '../config.js';
import { bodyIdleTimeout, closeWhenBodyUnread } from './body-timeout.js';
import { compressionOptions } from './compression.js';
import { HttpError } from './errors.js';
import { logEachRequest, readableLogStream, redactUrl } from './request-log.js';
import { sameOriginGuard } from './same-origin.js';
import { serverTimeoutOptions } from './server-timeouts.js';

export interface HttpServerOptions {
  /** Where log lines go instead of standard output (tests read them back). */
  logStream?: { write(line: string): void } | undefined;
  /**
   * API paths posted from other servers (a payment provider's webhook), which prove themselves
   * by a signature instead of the same-origin check.
   */
  crossSiteExempt: readonly string[];
}

function loggerOptions(
  config: AppConfig,
  stream: HttpServerOptions['logStream'],
): FastifyServerOptions['logger'] {
  // Development logs are read by a person in a terminal; everywhere else by machines (JSON).
  const destination = stream ?? (config.env === 'development' ? readableLogStream() : undefined);
  return {
    level: config.logLevel,
    ...(destination ? { stream: destination } : {}),
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

export async function createHttpServer(
  config: AppConfig,
  options: HttpServerOptions,
): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    // Fastify's two lines per request (received, completed) become one (logEachRequest).
    logController: new LogController({ disableRequestLogging: true }),
    // A hop count trusts that many proxies nearest to us (Fastify types omit the number form).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    bodyLimit: 1024 * 1024,
    ...serverTimeoutOptions(config.httpTimeouts),
  });

  // Security headers, built once: @fastify/helmet built helmet's middleware again on every
  // request, a tenth of a small request's CPU (ADR 023).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.servesHttps ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.servesHttps,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  // Before any route: the plugin hooks the routes registered after it.
  await app.register(compress, compressionOptions);
  logEachRequest(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message, code: error.code });
    }
    if (error instanceof ZodError) {
      return reply.code(400).send({ error: error.issues[0]?.message ?? 'Invalid request' });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ error: (error as Error).message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Server error occurred. Please try again' });
  });

  app.addHook('onRequest', bodyIdleTimeout(config.bodyIdleTimeoutMs));
  app.addHook('onSend', closeWhenBodyUnread);
  const refuseCrossSite = sameOriginGuard(config.trustedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/auth/')) {
      reply.header('cache-control', 'no-store');
      const path = request.url.split('?')[0] ?? '';
      if (!options.crossSiteExempt.includes(path)) await refuseCrossSite(request, reply);
    }
  });
  return app;
}
