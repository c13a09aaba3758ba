/**
 * The catalogue import's routes (contracts: src/domain/catalogue-import.ts, and for sending
 * products back, src/domain/store-update.ts).
 */
import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_IMPORT_LIMITS,
  CATALOGUE_IMPORT_MESSAGES,
  catalogueImportSchema,
  storeImportRequestSchema,
} from '#domain/catalogue-import.js';
import { ImportFileError } from '#domain/catalogue-rows.js';
import { exportFileName } from '#domain/export-common.js';
import { opaqueIdParamsSchema } from '#domain/request-text.js';
import { storeUpdateReplySchema, storeUpdateRequestSchema } from '#domain/store-update.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { bodyOrEmpty, zodRoutes } from '../http/zod-routes.js';
import type { ImportService } from './import-service.js';
import type { StoreImport } from './store-import.js';
import type { StoreUpdate } from './store-update.js';

export interface CatalogueImportRouteDeps {
  service: ImportService;
  stores: StoreImport;
  updates: StoreUpdate;
  requireSession: RequireSession;
  log: { error(details: object, message: string): void };
}

export async function catalogueImportRoutes(
  app: FastifyInstance,
  { service, stores, updates, requireSession, log }: CatalogueImportRouteDeps,
) {
  const routes = zodRoutes(app, requireSession);
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: CATALOGUE_IMPORT_LIMITS.fileBytesMax,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 100,
    },
  });

  // The file is read as it streams (multipart): no body schema; the service judges each line.
  routes.post('/api/catalogue-imports', { config: SIGNED_IN }, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(400, CATALOGUE_IMPORT_MESSAGES.noFile);
    const part = await request.file();
    if (!part) throw new HttpError(400, CATALOGUE_IMPORT_MESSAGES.noFile);
    try {
      const result = await service.importFile(request.sessionUser.id, {
        fileName: part.filename.slice(0, 255) || 'catalogue.csv',
        file: part.file,
        truncated: () => part.file.truncated,
      });
      return await reply.code(201).send(result);
    } catch (error) {
      if (error instanceof ImportFileError) {
        return reply.code(400).send({ error: error.message, line: error.line });
      }
      throw error;
    } finally {
      part.file.resume();
    }
  });

  routes.post(
    '/api/catalogue-imports/shopify',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(storeImportRequestSchema),
        response: { 202: catalogueImportSchema },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await stores.importStore(request.sessionUser.id, request.body.shop)),
  );

  routes.post(
    '/api/catalogue-imports/shopify/update',
    {
      config: SIGNED_IN,
      schema: {
        body: bodyOrEmpty(storeUpdateRequestSchema),
        response: { 200: storeUpdateReplySchema },
      },
    },
    async (request) => updates.update(request.sessionUser.id, request.body),
  );

  routes.get(
    '/api/catalogue-imports/:id',
    {
      config: SIGNED_IN,
      schema: { params: opaqueIdParamsSchema, response: { 200: catalogueImportSchema } },
    },
    async (request) => service.importOf(request.sessionUser.id, request.params.id),
  );

  // The import's products back in their own file format, streamed (ADR 046).
  routes.get(
    '/api/catalogue-imports/:id/export',
    { config: SIGNED_IN, schema: { params: opaqueIdParamsSchema } },
    async (request, reply) => {
      const { platform, chunks } = await service.exportFile(
        request.sessionUser.id,
        request.params.id,
      );
      const body = Readable.from(chunks, { objectMode: false });
      // Headers are sent already: a failure now can only end the download early (and be logged).
      body.on('error', (error) => log.error({ err: error }, 'import export failed'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(platform)}"`)
        .send(body);
    },
  );
}
