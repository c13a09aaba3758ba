/** Google feed routes: parse, call the service, shape the reply (contract: src/domain/merchant-feed.ts). */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  GOOGLE_FEED_CONTENT_TYPES,
  GOOGLE_FEED_FILE_NAMES,
  GOOGLE_FEED_FORMATS,
  type GoogleFeedFormat,
} from '#domain/google-feed.js';
import { feedAddressSchema, feedSettingsSchema, feedStatusSchema } from '#domain/merchant-feed.js';
import { opaqueIdSchema } from '#domain/request-text.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import type { FeedService } from './feed-service.js';

export interface FeedRouteDeps {
  service: FeedService;
  requireSession: RequireSession;
  log: { error(details: object, message: string): void };
}

const formatParams = z.object({ format: z.enum(GOOGLE_FEED_FORMATS) });
const tokenParams = z.object({ token: opaqueIdSchema(200), format: z.enum(GOOGLE_FEED_FORMATS) });

export async function merchantFeedRoutes(app: FastifyInstance, deps: FeedRouteDeps) {
  const { service } = deps;
  const routes = zodRoutes(app, deps.requireSession);

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

  const statusReply = { 200: feedStatusSchema };
  routes.get(
    '/api/google-feed',
    { config: SIGNED_IN, schema: { response: statusReply } },
    async (request) => service.status(request.sessionUser.id),
  );
  routes.put(
    '/api/google-feed/settings',
    { config: SIGNED_IN, schema: { body: feedSettingsSchema, response: statusReply } },
    async (request) => service.saveSettings(request.sessionUser.id, request.body),
  );
  routes.post(
    '/api/google-feed/address',
    { config: SIGNED_IN, schema: { response: { 200: feedAddressSchema } } },
    async (request) => service.createAddress(request.sessionUser.id),
  );
  routes.delete('/api/google-feed/address', { config: SIGNED_IN }, async (request, reply) => {
    await service.revokeAddress(request.sessionUser.id);
    return reply.code(204).send();
  });
  routes.get(
    '/api/google-feed/download.:format',
    { config: SIGNED_IN, schema: { params: formatParams } },
    async (request, reply) => {
      const { format } = request.params;
      return send(reply, format, await service.download(request.sessionUser.id, format), true);
    },
  );
  // No session: Merchant Center fetches it. The token is the only key, and it is never logged.
  routes.get(
    '/api/google-feed/:token/products.:format',
    { schema: { params: tokenParams } },
    async (request, reply) => {
      const { token, format } = request.params;
      return send(reply, format, await service.byToken(token, format), false);
    },
  );
}
