import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicConfig } from '#domain/api/public-config.js';
import {
  FIRST_SCREEN_CHUNKS_FILE,
  readFirstScreenChunks,
  firstScreenPage,
} from './first-screen-pages.js';
import { compressedPage, pageEncoding, withPublicConfig, type IndexPage } from './index-page.js';

interface StaticSiteOptions {
  root: string;
  /** Written into every page, so the first screen asks the API for nothing (ADR 017). */
  publicConfig: PublicConfig;
  /** Whether the request carries a valid session cookie. */
  isSignedIn: (request: FastifyRequest) => Promise<boolean>;
}

/** Where `/` sends a signed-in visitor (the spec's first screen after sign-in). */
const SIGNED_IN_HOME = '/create';

/**
 * Serves the built SPA. Hashed assets are cached for a year; pages and the service worker are
 * always revalidated so a deploy takes effect on the next load. Unknown non-API GETs that accept
 * HTML get the page (history fallback); everything else gets a JSON 404.
 *
 * The page is index.html with the public settings written in, compressed once at start; a
 * signed-in screen's path gets its own copy naming that screen's API reads and chunks (ADR 052). `/`
 * sends a signed-in visitor to /create from here, so the landing page's first load needs no
 * session.
 */
export async function staticSite(
  app: FastifyInstance,
  { root, publicConfig, isSignedIn }: StaticSiteOptions,
) {
  const indexFile = path.join(root, 'index.html');
  const html = existsSync(indexFile)
    ? withPublicConfig(readFileSync(indexFile, 'utf8'), publicConfig)
    : undefined;
  const page: IndexPage | undefined = html === undefined ? undefined : compressedPage(html);
  const screenPages = new Map<string, IndexPage>(
    html === undefined
      ? []
      : Object.entries(readFirstScreenChunks(root)).map(([screenPath, chunks]) => [
          screenPath,
          compressedPage(firstScreenPage(html, screenPath, chunks)),
        ]),
  );

  function sendPage(request: FastifyRequest, reply: FastifyReply, built: IndexPage) {
    const encoding = pageEncoding(request.headers['accept-encoding']);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? built[encoding] : built.identity);
  }

  if (page) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The page is served from memory (above); the built file lacks the settings. The chunk list
      // is the server's to read, not the browser's.
      globIgnore: ['index.html', 'index.html.br', 'index.html.gz', `${FIRST_SCREEN_CHUNKS_FILE}*`],
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
    app.get('/', async (request, reply) => {
      // The answer depends on the cookie: no cache may hand one visitor's answer to another.
      reply.header('vary', 'cookie');
      if (await isSignedIn(request)) {
        return reply.header('cache-control', 'no-store').redirect(SIGNED_IN_HOME, 302);
      }
      return sendPage(request, reply, page);
    });
    // The service worker's offline copy of the shell.
    app.get('/index.html', async (request, reply) => sendPage(request, reply, page));
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && page) {
      const pathname = request.url.split('?')[0] ?? '';
      return sendPage(request, reply, screenPages.get(pathname) ?? page);
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
