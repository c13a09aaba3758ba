/**
 * Product routes: parse, call a service, shape the reply (contracts: src/domain/products.ts,
 * src/domain/api/product-photos.ts).
 */
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  combineRequestSchema,
  combineResponseSchema,
  dismissPhotoGroupRequestSchema,
  photoGroupsResponseSchema,
  photoOrderRequestSchema,
  photoOrderResponseSchema,
  splitResponseSchema,
} from '#domain/api/product-photos.js';
import { exportFileName } from '#domain/export-common.js';
import { fieldVersionListSchema, restoreRequestSchema } from '#domain/field-versions.js';
import {
  identifyRequestSchema,
  productListResponseSchema,
  productPatchSchema,
  productSchema,
  regenerateRequestSchema,
  regenerateResponseSchema,
  uploadResponseSchema,
} from '#domain/products.js';
import { productIdParamsSchema } from '#domain/request-text.js';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/upload-rules.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import type { ProductService } from './product-service.js';
import type { UploadPart, UploadService } from './upload-service.js';

export interface ProductRouteDeps {
  service: ProductService;
  uploads: UploadService;
  requireSession: RequireSession;
  /** Regenerations allowed per user per minute. */
  regenerationsPerMinute: number;
  /**
   * Where the counters live when several processes serve the app (REDIS_URL): each limit
   * then holds across all of them. Default: this process's memory.
   */
  rateLimitStore?: { redis: Redis; keyPrefix: string };
}

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
  const { service, uploads } = deps;
  const routes = zodRoutes(app, deps.requireSession);

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
  // In this process's memory, or in Redis with several processes. While Redis is unreachable
  // the limit is not enforced rather than every regeneration refused.
  const store = deps.rateLimitStore;
  await app.register(rateLimit, {
    global: false,
    ...(store ? { redis: store.redis, nameSpace: store.keyPrefix, skipOnError: true } : {}),
    // After the session check (preValidation), so the key is the signed-in user, not the address.
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

  routes.post(
    '/api/product/generate-product-details-from-image',
    { config: SIGNED_IN, schema: { response: { 202: uploadResponseSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Failed to process uploaded files');
      const result = await uploads.upload(
        request.sessionUser.id,
        request.parts() as AsyncIterable<UploadPart>,
      );
      return reply.code(202).send(result);
    },
  );

  routes.get(
    '/api/products',
    { config: SIGNED_IN, schema: { response: { 200: productListResponseSchema } } },
    async (request) => ({ products: await service.list(request.sessionUser.id) }),
  );

  const productReply = { 200: productSchema };

  routes.patch(
    '/api/product/:id',
    {
      config: SIGNED_IN,
      schema: { params: productIdParamsSchema, body: productPatchSchema, response: productReply },
    },
    async (request) => service.patch(request.sessionUser.id, request.params.id, request.body),
  );

  routes.delete(
    '/api/product/:id',
    { config: SIGNED_IN, schema: { params: productIdParamsSchema } },
    async (request, reply) => {
      await service.remove(request.sessionUser.id, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.get(
    '/api/product/:id/versions',
    {
      config: SIGNED_IN,
      schema: { params: productIdParamsSchema, response: { 200: fieldVersionListSchema } },
    },
    async (request) => ({
      versions: await service.versions(request.sessionUser.id, request.params.id),
    }),
  );

  routes.post(
    '/api/product/:id/restore',
    {
      config: SIGNED_IN,
      schema: { params: productIdParamsSchema, body: restoreRequestSchema, response: productReply },
    },
    async (request) => service.restore(request.sessionUser.id, request.params.id, request.body),
  );

  routes.post(
    '/api/product/:id/retry',
    { config: SIGNED_IN, schema: { params: productIdParamsSchema, response: productReply } },
    async (request) => service.retry(request.sessionUser.id, request.params.id),
  );

  // Identify, regenerate, combine and split describe the photos again: one allowance each.
  const redraftConfig = {
    ...SIGNED_IN,
    rateLimit: { max: deps.regenerationsPerMinute, timeWindow: '1 minute' },
  };

  routes.post(
    '/api/product/:id/identify',
    {
      config: redraftConfig,
      schema: {
        params: productIdParamsSchema,
        body: identifyRequestSchema,
        response: productReply,
      },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        service.identify(request.sessionUser.id, request.params.id, request.body, signal),
      ),
  );

  routes.post(
    '/api/product/regenerate-product-detail',
    {
      config: redraftConfig,
      schema: { body: regenerateRequestSchema, response: { 200: regenerateResponseSchema } },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        service.regenerate(request.sessionUser.id, request.body, signal),
      ),
  );

  routes.post(
    '/api/products/combine',
    {
      config: redraftConfig,
      schema: { body: combineRequestSchema, response: { 200: combineResponseSchema } },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        service.combine(request.sessionUser.id, request.body, signal),
      ),
  );

  routes.post(
    '/api/product/:id/split',
    {
      config: redraftConfig,
      schema: { params: productIdParamsSchema, response: { 200: splitResponseSchema } },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        service.split(request.sessionUser.id, request.params.id, signal),
      ),
  );

  routes.put(
    '/api/product/:id/photos',
    {
      config: SIGNED_IN,
      schema: {
        params: productIdParamsSchema,
        body: photoOrderRequestSchema,
        response: { 200: photoOrderResponseSchema },
      },
    },
    async (request) => service.reorder(request.sessionUser.id, request.params.id, request.body),
  );

  routes.get(
    '/api/products/photo-groups',
    { config: SIGNED_IN, schema: { response: { 200: photoGroupsResponseSchema } } },
    async (request) => service.groups(request.sessionUser.id),
  );

  routes.post(
    '/api/products/photo-groups/dismiss',
    { config: SIGNED_IN, schema: { body: dismissPhotoGroupRequestSchema } },
    async (request, reply) => {
      await service.dismissGroup(request.sessionUser.id, request.body);
      return reply.code(204).send();
    },
  );

  routes.get(
    '/api/products/export/:platform',
    { config: SIGNED_IN, schema: { params: exportParams } },
    async (request, reply) => {
      const { platform } = request.params;
      const csv = await service.exportCsv(request.sessionUser.id, platform);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(platform)}"`)
        .send(csv);
    },
  );
}
