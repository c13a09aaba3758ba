/**
 * A product's routes after upload: parse, call the service that owns the operation (products,
 * redraft, versions, photos), shape the reply (contracts: src/domain/products.ts,
 * src/domain/api/product-photos.ts). The upload is drafting's (src/server/drafting/routes.ts).
 */
import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import {
  combineRequestSchema,
  dismissPhotoGroupRequestSchema,
  photoOrderRequestSchema,
} from '#domain/api/product-photos.js';
import { EXPORT_PLATFORMS, exportFileName } from '#domain/export-common.js';
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
}

const idParams = z.object({ id: z.string() });
const exportParams = z.object({ platform: z.enum(EXPORT_PLATFORMS) });

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
    // Analyzer work: the service takes it from the seller's budget (ADR 034), as below.
    { preHandler: requireSession },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      return abortWhenGone(reply, (signal) =>
        redraft.identify(request.sessionUser!.id, id, request.body, signal),
      );
    },
  );

  app.post(
    '/api/product/regenerate-product-detail',
    { preHandler: requireSession },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        redraft.regenerate(request.sessionUser!.id, request.body, signal),
      ),
  );

  const signedIn = { preHandler: requireSession };

  app.post('/api/products/combine', signedIn, async (request, reply) =>
    abortWhenGone(reply, (signal) =>
      photos.combine(request.sessionUser!.id, combineRequestSchema.parse(request.body), signal),
    ),
  );

  app.post('/api/product/:id/split', signedIn, async (request, reply) => {
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
