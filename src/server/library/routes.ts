/**
 * Library routes: parse, call a service, shape the reply (contracts: src/domain/library.ts, and
 * for Improve runs src/domain/improve-run.ts).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { EXPORT_PLATFORMS, exportFileName, type ExportPlatform } from '#domain/export-common.js';
import {
  improveRunRequestSchema,
  improveRunSchema,
  latestImproveRunSchema,
} from '#domain/improve-run.js';
import {
  bulkReplySchema,
  bulkRequestSchema,
  finishReviewReplySchema,
  libraryExportBodySchema,
  libraryExportQuerySchema,
  libraryGapsQuerySchema,
  libraryGapsSchema,
  libraryPageSchema,
  libraryQuerySchema,
  readinessRequestSchema,
  scopeReadinessSchema,
  type LibrarySelection,
} from '#domain/library.js';
import { opaqueIdParamsSchema } from '#domain/request-text.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import type { ImproveRuns } from './improve-runs.js';
import type { LibraryBulk } from './library-bulk.js';
import type { LibraryService } from './library-service.js';

export interface LibraryRouteDeps {
  service: LibraryService;
  bulk: LibraryBulk;
  improveRuns: ImproveRuns;
  requireSession: RequireSession;
  log: { error(details: object, message: string): void };
}

const exportParams = z.object({ platform: z.enum(EXPORT_PLATFORMS) });

export async function libraryRoutes(app: FastifyInstance, deps: LibraryRouteDeps) {
  const { service, bulk } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  routes.get(
    '/api/library',
    {
      config: SIGNED_IN,
      schema: { querystring: libraryQuerySchema, response: { 200: libraryPageSchema } },
    },
    async (request) => service.page(request.sessionUser.id, request.query),
  );
  routes.get(
    '/api/library/gaps',
    {
      config: SIGNED_IN,
      schema: { querystring: libraryGapsQuerySchema, response: { 200: libraryGapsSchema } },
    },
    async (request) => service.gaps(request.sessionUser.id, request.query.q),
  );

  async function sendExport(
    reply: FastifyReply,
    userId: string,
    platform: ExportPlatform,
    selection: LibrarySelection,
  ) {
    const chunks = await service.exportCsv(userId, platform, selection);
    const body = Readable.from(chunks, { objectMode: false });
    // Headers are sent already: a failure now can only end the download early (and be logged).
    body.on('error', (error) => deps.log.error({ err: error }, 'library export failed'));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(platform)}"`)
      .send(body);
  }
  routes.get(
    '/api/library/export/:platform',
    { config: SIGNED_IN, schema: { params: exportParams, querystring: libraryExportQuerySchema } },
    async (request, reply) =>
      sendExport(reply, request.sessionUser.id, request.params.platform, request.query),
  );
  // A long selection: its ids in the body.
  routes.post(
    '/api/library/export/:platform',
    { config: SIGNED_IN, schema: { params: exportParams, body: libraryExportBodySchema } },
    async (request, reply) =>
      sendExport(reply, request.sessionUser.id, request.params.platform, request.body.selection),
  );

  routes.post(
    '/api/library/readiness',
    {
      config: SIGNED_IN,
      schema: { body: readinessRequestSchema, response: { 200: scopeReadinessSchema } },
    },
    async (request) => service.readiness(request.sessionUser.id, request.body.selection),
  );

  routes.post(
    '/api/library/bulk',
    { config: SIGNED_IN, schema: { body: bulkRequestSchema, response: { 200: bulkReplySchema } } },
    async (request) => bulk.run(request.sessionUser.id, request.body),
  );

  routes.post(
    '/api/library/improve-runs',
    {
      config: SIGNED_IN,
      schema: { body: improveRunRequestSchema, response: { 202: improveRunSchema } },
    },
    async (request, reply) =>
      reply.code(202).send(await deps.improveRuns.start(request.sessionUser.id, request.body)),
  );
  routes.get(
    '/api/library/improve-runs/latest',
    { config: SIGNED_IN, schema: { response: { 200: latestImproveRunSchema } } },
    async (request) => deps.improveRuns.latest(request.sessionUser.id),
  );
  routes.get(
    '/api/library/improve-runs/:id',
    {
      config: SIGNED_IN,
      schema: { params: opaqueIdParamsSchema, response: { 200: improveRunSchema } },
    },
    async (request) => deps.improveRuns.progress(request.sessionUser.id, request.params.id),
  );
  routes.post(
    '/api/library/improve-runs/:id/dismiss',
    { config: SIGNED_IN, schema: { params: opaqueIdParamsSchema } },
    async (request, reply) => {
      await deps.improveRuns.dismiss(request.sessionUser.id, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.post(
    '/api/products/review/finish',
    { config: SIGNED_IN, schema: { response: { 200: finishReviewReplySchema } } },
    async (request) => service.finishReview(request.sessionUser.id),
  );
}
