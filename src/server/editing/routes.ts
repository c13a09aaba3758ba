/**
 * A product's routes after upload: parse, call the service that owns the operation (products,
 * redraft, versions, photos), shape the reply (contracts: src/domain/products.ts,
 * src/domain/api/product-photos.ts). The upload is drafting's (src/server/drafting/routes.ts).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  combineRequestSchema,
  dismissPhotoGroupRequestSchema,
  photoOrderRequestSchema,
} from '#domain/api/product-photos.js';
import { exportFileName } from '#domain/export-common.js';
import { HttpError } from '../http/errors.js';
import type { createFieldVersionService } from './field-version-service.js';
import type { createPhotoService } from './photo-service.js';
import type { createRedraftService } from './product-redraft-service.js';
import type { ProductService } from './product-service.js';

export interface ProductRouteDeps {
  /** The editing services (index.ts), each called for the operations it owns. */
  editing: {
    products: ProductService;
    redraft: ReturnType<typeof createRedraftService>;
    versions: ReturnType<typeof createFieldVersionService>;
    photos: ReturnType<typeof createPhotoService>;
  };
  requireSession: preHandlerHookHandler;
  /** Regenerations allowed per user per minute. */
  regenerationsPerMinute: number;
  /**
   * Where the counters live when several processes serve the app (REDIS_URL): each limit
   * then holds across all of them. Default: this process's memory.
   */
  rateLimitStore?: { redis: Redis; keyPrefix: string };
}

const idParams = z.object({ id: z.string() });
const exportParams = z.object({ platform: z.enum(['shopify', 'squarespace']) });

export const REGENERATE_RATE_LIMIT_MESSAGE =
  'You are regenerating too quickly. Please wait a minute and try again.';

/** The provider call stops when the seller goes away before the answer. */
async function abortWhenGone<T>(
  reply: FastifyReply,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const abortIfGone = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.once('close', abortIfGone);
  try {
    return await call(controller.signal);
  } finally {
    reply.raw.off('close', abortIfGone);
  }
}

export async function productRoutes(app: FastifyInstance, deps: ProductRouteDeps) {
  const { products, redraft, versions, photos } = deps.editing;
  const { requireSession } = deps;

  // In this process's memory, or in Redis with several processes. While Redis is unreachable
  // the limit is not enforced rather than every regeneration refused.
  const store = deps.rateLimitStore;
  await app.register(rateLimit, {
    global: false,
    ...(store ? { redis: store.redis, nameSpace: store.keyPrefix, skipOnError: true } : {}),
    // After the route's own preHandler, so the key is the signed-in user, not the address.
    hook: 'preHandler',
    keyGenerator: (request) => request.sessionUser?.id ?? request.ip,
    errorResponseBuilder: (_request, context) => {
      const error = new HttpError(
        context.statusCode,
        REGENERATE_RATE_LIMIT_MESSAGE,
        'rate-limited',
      );
      return error;
    },
  });

  app.get('/api/products', { preHandler: requireSession }, async (request) => ({
    products: await products.list(request.sessionUser!.id),
  }));

  app.patch('/api/product/:id', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return products.patch(request.sessionUser!.id, id, request.body);
  });

  app.delete('/api/product/:id', { preHandler: requireSession }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await products.remove(request.sessionUser!.id, id);
    return reply.code(204).send();
  });

  app.get('/api/product/:id/versions', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return { versions: await versions.versions(request.sessionUser!.id, id) };
  });

  app.post('/api/product/:id/restore', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return versions.restore(request.sessionUser!.id, id, request.body);
  });

  app.post('/api/product/:id/retry', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return products.retry(request.sessionUser!.id, id);
  });

  app.post(
    '/api/product/:id/identify',
    {
      preHandler: requireSession,
      // It analyses the photo again, as regenerate does: the same allowance.
      config: { rateLimit: { max: deps.regenerationsPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      return abortWhenGone(reply, (signal) =>
        redraft.identify(request.sessionUser!.id, id, request.body, signal),
      );
    },
  );

  app.post(
    '/api/product/regenerate-product-detail',
    {
      preHandler: requireSession,
      config: { rateLimit: { max: deps.regenerationsPerMinute, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        redraft.regenerate(request.sessionUser!.id, request.body, signal),
      ),
  );

  // Combining and splitting draft the product again from its photos, as identify does.
  const redraftLimit = {
    preHandler: requireSession,
    config: { rateLimit: { max: deps.regenerationsPerMinute, timeWindow: '1 minute' } },
  };

  app.post('/api/products/combine', redraftLimit, async (request, reply) =>
    abortWhenGone(reply, (signal) =>
      photos.combine(request.sessionUser!.id, combineRequestSchema.parse(request.body), signal),
    ),
  );

  app.post('/api/product/:id/split', redraftLimit, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    return abortWhenGone(reply, (signal) => photos.split(request.sessionUser!.id, id, signal));
  });

  app.put('/api/product/:id/photos', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return photos.reorder(request.sessionUser!.id, id, photoOrderRequestSchema.parse(request.body));
  });

  app.get('/api/products/photo-groups', { preHandler: requireSession }, async (request) =>
    photos.groups(request.sessionUser!.id),
  );

  app.post(
    '/api/products/photo-groups/dismiss',
    { preHandler: requireSession },
    async (request, reply) => {
      await photos.dismissGroup(
        request.sessionUser!.id,
        dismissPhotoGroupRequestSchema.parse(request.body),
      );
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/products/export/:platform',
    { preHandler: requireSession },
    async (request, reply) => {
      const { platform } = exportParams.parse(request.params);
      const csv = await products.exportCsv(request.sessionUser!.id, platform);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(platform)}"`)
        .send(csv);
    },
  );
}
