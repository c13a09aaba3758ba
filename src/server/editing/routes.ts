/**
 * A product's routes after upload: validated at the route (ADR 030), then handed to the service
 * that owns the operation (products, redraft, versions, photos) (contracts:
 * src/domain/products.ts, src/domain/api/product-photos.ts). The upload is drafting's
 * (src/server/drafting/routes.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
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
import { EXPORT_PLATFORMS, exportFileName } from '#domain/export-common.js';
import { suggestionDecisionRequestSchema } from '#domain/catalogue-improve.js';
import { fieldVersionListSchema, restoreRequestSchema } from '#domain/field-versions.js';
import {
  identifyRequestSchema,
  productListResponseSchema,
  productPatchSchema,
  productSchema,
  regenerateRequestSchema,
  regenerateResponseSchema,
} from '#domain/products.js';
import { productIdParamsSchema } from '#domain/request-text.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import type { createFieldVersionService } from './field-version-service.js';
import type { createPhotoService } from './photo-service.js';
import type { createRedraftService } from './product-redraft-service.js';
import type { ProductService } from './product-service.js';
import type { SuggestionService } from './suggestion-service.js';

export interface ProductRouteDeps {
  /** The editing services (index.ts), each called for the operations it owns. */
  editing: {
    products: ProductService;
    redraft: ReturnType<typeof createRedraftService>;
    versions: ReturnType<typeof createFieldVersionService>;
    photos: ReturnType<typeof createPhotoService>;
    suggestions: SuggestionService;
  };
  requireSession: RequireSession;
}

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
  const { products, redraft, versions, photos, suggestions } = deps.editing;
  const routes = zodRoutes(app, deps.requireSession);
  const productReply = { 200: productSchema };

  routes.get(
    '/api/products',
    { config: SIGNED_IN, schema: { response: { 200: productListResponseSchema } } },
    async (request) => ({ products: await products.list(request.sessionUser.id) }),
  );

  routes.patch(
    '/api/product/:id',
    {
      config: SIGNED_IN,
      schema: { params: productIdParamsSchema, body: productPatchSchema, response: productReply },
    },
    async (request) => products.patch(request.sessionUser.id, request.params.id, request.body),
  );

  routes.delete(
    '/api/product/:id',
    { config: SIGNED_IN, schema: { params: productIdParamsSchema } },
    async (request, reply) => {
      await products.remove(request.sessionUser.id, request.params.id);
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
      versions: await versions.versions(request.sessionUser.id, request.params.id),
    }),
  );

  routes.post(
    '/api/product/:id/restore',
    {
      config: SIGNED_IN,
      schema: { params: productIdParamsSchema, body: restoreRequestSchema, response: productReply },
    },
    async (request) => versions.restore(request.sessionUser.id, request.params.id, request.body),
  );

  // Improve's suggestions: the fields the seller accepts are written, the rejected let go.
  routes.post(
    '/api/product/:id/suggestions',
    {
      config: SIGNED_IN,
      schema: {
        params: productIdParamsSchema,
        body: suggestionDecisionRequestSchema,
        response: productReply,
      },
    },
    async (request) => suggestions.decide(request.sessionUser.id, request.params.id, request.body),
  );

  routes.post(
    '/api/product/:id/retry',
    { config: SIGNED_IN, schema: { params: productIdParamsSchema, response: productReply } },
    async (request) => products.retry(request.sessionUser.id, request.params.id),
  );

  // Identify, regenerate, combine and split are analyzer work: the services take it from the
  // seller's one budget (ADR 034).
  routes.post(
    '/api/product/:id/identify',
    {
      config: SIGNED_IN,
      schema: {
        params: productIdParamsSchema,
        body: identifyRequestSchema,
        response: productReply,
      },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        redraft.identify(request.sessionUser.id, request.params.id, request.body, signal),
      ),
  );

  routes.post(
    '/api/product/regenerate-product-detail',
    {
      config: SIGNED_IN,
      schema: { body: regenerateRequestSchema, response: { 200: regenerateResponseSchema } },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        redraft.regenerate(request.sessionUser.id, request.body, signal),
      ),
  );

  routes.post(
    '/api/products/combine',
    {
      config: SIGNED_IN,
      schema: { body: combineRequestSchema, response: { 200: combineResponseSchema } },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        photos.combine(request.sessionUser.id, request.body, signal),
      ),
  );

  routes.post(
    '/api/product/:id/split',
    {
      config: SIGNED_IN,
      schema: { params: productIdParamsSchema, response: { 200: splitResponseSchema } },
    },
    async (request, reply) =>
      abortWhenGone(reply, (signal) =>
        photos.split(request.sessionUser.id, request.params.id, signal),
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
    async (request) => photos.reorder(request.sessionUser.id, request.params.id, request.body),
  );

  routes.get(
    '/api/products/photo-groups',
    { config: SIGNED_IN, schema: { response: { 200: photoGroupsResponseSchema } } },
    async (request) => photos.groups(request.sessionUser.id),
  );

  routes.post(
    '/api/products/photo-groups/dismiss',
    { config: SIGNED_IN, schema: { body: dismissPhotoGroupRequestSchema } },
    async (request, reply) => {
      await photos.dismissGroup(request.sessionUser.id, request.body);
      return reply.code(204).send();
    },
  );

  routes.get(
    '/api/products/export/:platform',
    { config: SIGNED_IN, schema: { params: exportParams } },
    async (request, reply) => {
      const { platform } = request.params;
      const csv = await products.exportCsv(request.sessionUser.id, platform);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(platform)}"`)
        .send(csv);
    },
  );
}
