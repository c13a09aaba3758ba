/** Google feed routes: parse, call the service, shape the reply (contract: src/domain/merchant-feed.ts). */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import {
  GOOGLE_FEED_CONTENT_TYPES,
  GOOGLE_FEED_FILE_NAMES,
  GOOGLE_FEED_FORMATS,
  type GoogleFeedFormat,
} from '#domain/google-feed.js';
import type { FeedService } from './feed-service.js';

export interface FeedRouteDeps {
  service: FeedService;
  requireSession: preHandlerHookHandler;
  log: { error(details: object, message: string): void };
}

const formatParams = z.object({ format: z.enum(GOOGLE_FEED_FORMATS) });
const tokenParams = z.object({ token: z.string(), format: z.enum(GOOGLE_FEED_FORMATS) });

export async function merchantFeedRoutes(app: FastifyInstance, deps: FeedRouteDeps) {
  const { service, requireSession } = deps;

  const send = (
    reply: FastifyReply,
    format: GoogleFeedFormat,
    chunks: AsyncIterable<string>,
    attachment: boolean,
  ) => {
    const body = Readable.from(chunks, { objectMode: false });
    // Headers are sent already: a failure now can only end the feed early (and be logged).
    body.on('error', (error) => deps.log.error({ err: error }, 'google feed failed'));
    reply.type(GOOGLE_FEED_CONTENT_TYPES[format]).header('cache-control', 'no-store');
    if (attachment) {
      reply.header(
        'content-disposition',
        `attachment; filename="${GOOGLE_FEED_FILE_NAMES[format]}"`,
      );
    }
    return reply.send(body);
  };

  app.get('/api/google-feed', { preHandler: requireSession }, async (request) =>
    service.status(request.sessionUser!.id),
  );
  app.put('/api/google-feed/settings', { preHandler: requireSession }, async (request) =>
    service.saveSettings(request.sessionUser!.id, request.body),
  );
  app.post('/api/google-feed/address', { preHandler: requireSession }, async (request) =>
    service.createAddress(request.sessionUser!.id),
  );
  app.delete('/api/google-feed/address', { preHandler: requireSession }, async (request, reply) => {
    await service.revokeAddress(request.sessionUser!.id);
    return reply.code(204).send();
  });
  app.get(
    '/api/google-feed/download.:format',
    { preHandler: requireSession },
    async (request, reply) => {
      const { format } = formatParams.parse(request.params);
      return send(reply, format, await service.download(request.sessionUser!.id, format), true);
    },
  );
  // No session: Merchant Center fetches it. The token is the only key, and it is never logged.
  app.get('/api/google-feed/:token/products.:format', async (request, reply) => {
    const { token, format } = tokenParams.parse(request.params);
    return send(reply, format, await service.byToken(token, format), false);
  });
}
