/** Library routes: parse, call a service, shape the reply (contract: src/domain/library.ts). */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { EXPORT_PLATFORMS, exportFileName } from '#domain/export-common.js';
import type { LibraryBulk } from './library-bulk.js';
import type { LibraryService } from './library-service.js';

export interface LibraryRouteDeps {
  service: LibraryService;
  bulk: LibraryBulk;
  requireSession: preHandlerHookHandler;
  log: { error(details: object, message: string): void };
}

const exportParams = z.object({ platform: z.enum(EXPORT_PLATFORMS) });

export async function libraryRoutes(app: FastifyInstance, deps: LibraryRouteDeps) {
  const { service, bulk, requireSession } = deps;

  app.get('/api/library', { preHandler: requireSession }, async (request) =>
    service.page(request.sessionUser!.id, request.query),
  );

  const exportHandler =
    (source: 'query' | 'body') => async (request: FastifyRequest, reply: FastifyReply) => {
      const { platform } = exportParams.parse(request.params);
      const chunks = await service.exportCsv(
        request.sessionUser!.id,
        platform,
        source === 'query' ? { query: request.query } : { body: request.body },
      );
      const body = Readable.from(chunks, { objectMode: false });
      // Headers are sent already: a failure now can only end the download early (and be logged).
      body.on('error', (error) => deps.log.error({ err: error }, 'library export failed'));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(platform)}"`)
        .send(body);
    };
  app.get('/api/library/export/:platform', { preHandler: requireSession }, exportHandler('query'));
  // A long selection: its ids in the body.
  app.post('/api/library/export/:platform', { preHandler: requireSession }, exportHandler('body'));

  app.post('/api/library/readiness', { preHandler: requireSession }, async (request) =>
    service.readiness(request.sessionUser!.id, request.body),
  );

  app.post('/api/library/bulk', { preHandler: requireSession }, async (request) =>
    bulk.run(request.sessionUser!.id, request.body),
  );

  app.post('/api/products/review/finish', { preHandler: requireSession }, async (request) =>
    service.finishReview(request.sessionUser!.id),
  );
}
