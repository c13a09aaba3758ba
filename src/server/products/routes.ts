/**
 * Product routes: parse, call a service, shape the reply (contracts: src/domain/products.ts,
 * src/domain/api/product-photos.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import {
  combineRequestSchema,
  dismissPhotoGroupRequestSchema,
  photoOrderRequestSchema,
} from '#domain/api/product-photos.js';
import { exportFileName } from '#domain/export-common.js';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/upload-rules.js';
import { HttpError } from '../http/errors.js';
import type { ProductService } from './product-service.js';
import type { UploadPart, UploadService } from './upload-service.js';

export interface ProductRouteDeps {
  service: ProductService;
  uploads: UploadService;
  requireSession: preHandlerHookHandler;
}

const idParams = z.object({ id: z.string() });
const exportParams = z.object({ platform: z.enum(['shopify', 'squarespace']) });

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
  const { service, uploads, requireSession } = deps;

  await app.register(multipart, {
    // Over-size files are cut at the limit and marked truncated; the upload rejects that
    // file alone with the spec's message instead of failing the whole request.
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_UPLOAD.premium,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: MAX_FILES_PER_UPLOAD.premium + 10,
      headerPairs: 100,
    },
  });
  app.post(
    '/api/product/generate-product-details-from-image',
    { preHandler: requireSession },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Failed to process uploaded files');
      const result = await uploads.upload(
        request.sessionUser!.id,
        request.parts() as AsyncIterable<UploadPart>,
      );
      return reply.code(202).send(result);
    },
  );

  app.get('/api/products', { preHandler: requireSession }, async (request) => ({
    products: await service.list(request.sessionUser!.id),
  }));

  app.patch('/api/product/:id', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return service.patch(request.sessionUser!.id, id, request.body);
  });

  app.delete('/api/product/:id', { preHandler: requireSession }, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    await service.remove(request.sessionUser!.id, id);
    return reply.code(204).send();
  });

  app.get('/api/product/:id/versions', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return { versions: await service.versions(request.sessionUser!.id, id) };
  });

  app.post('/api/product/:id/restore', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return service.restore(request.sessionUser!.id, id, request.body);
  });

  app.post('/api/product/:id/retry', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return service.retry(request.sessionUser!.id, id);
  });

  app.post(
    '/api/product/:id/identify',
    // Analyzer work: the service takes it from the seller's budget (ADR 034), as below.
    { preHandler: requireSession },
    async (request, reply) => {
      const { id } = idParams.parse(request.params);
      return abortWhenGone(reply, (signal) =>
        service.identify(request.sessionUser!.id, id, request.body, signal),
      );
    },
  );

  app.post(
    '/api/product/regenerate-product-detail',
    { preHandler: requireSession },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        service.regenerate(request.sessionUser!.id, request.body, signal),
      ),
  );

  const signedIn = { preHandler: requireSession };

  app.post('/api/products/combine', signedIn, async (request, reply) =>
    abortWhenGone(reply, (signal) =>
      service.combine(request.sessionUser!.id, combineRequestSchema.parse(request.body), signal),
    ),
  );

  app.post('/api/product/:id/split', signedIn, async (request, reply) => {
    const { id } = idParams.parse(request.params);
    return abortWhenGone(reply, (signal) => service.split(request.sessionUser!.id, id, signal));
  });

  app.put('/api/product/:id/photos', { preHandler: requireSession }, async (request) => {
    const { id } = idParams.parse(request.params);
    return service.reorder(
      request.sessionUser!.id,
      id,
      photoOrderRequestSchema.parse(request.body),
    );
  });

  app.get('/api/products/photo-groups', { preHandler: requireSession }, async (request) =>
    service.groups(request.sessionUser!.id),
  );

  app.post(
    '/api/products/photo-groups/dismiss',
    { preHandler: requireSession },
    async (request, reply) => {
      await service.dismissGroup(
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
      const csv = await service.exportCsv(request.sessionUser!.id, platform);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(platform)}"`)
        .send(csv);
    },
  );
}
