import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html and the service worker
 * are always revalidated so a deploy takes effect on the next load. Unknown non-API GETs that
 * accept HTML get index.html (history fallback); everything else gets a JSON 404.
 */
export async function staticSite(app: FastifyInstance, { root }: { root: string }) {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
        res.header(
          'cache-control',
          rel.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && hasBuild) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build`.');
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}
