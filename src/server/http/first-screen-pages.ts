/**
 * The page a signed-in screen is first loaded on asks for that screen's first API reads and
 * names the chunks it needs, as preload links, so the browser fetches them while the entry
 * script downloads instead of after it has run and asked for them (ADR 052). The reads come
 * first, so the chunks do not hold them back on HTTP/1.1's six connections. The build lists
 * the chunks per path (scripts/vite-first-screens.ts); `/` and every other page stay as built
 * (ADR 017's budget).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { firstScreenReads } from '#domain/api/first-screen-reads.js';

/** Written by the build beside index.html; read once at start. */
export const FIRST_SCREEN_CHUNKS_FILE = 'first-screen-chunks.json';

const firstScreenChunksSchema = z.record(
  z.string().regex(/^(?:\/[a-z]+)+$/),
  z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/)),
);

export type FirstScreenChunks = z.infer<typeof firstScreenChunksSchema>;

/** The build's list, or none when the build has not written one (an older build, a test root). */
export function readFirstScreenChunks(root: string): FirstScreenChunks {
  const file = path.join(root, FIRST_SCREEN_CHUNKS_FILE);
  if (!existsSync(file)) return {};
  return firstScreenChunksSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * The page for a signed-in screen's path: its API reads preloaded before the entry script (as
 * the entry's `fetch` makes them, so it takes their responses), its chunks after the entry's own.
 */
export function firstScreenPage(html: string, pathname: string, chunks: readonly string[]): string {
  const firstScript = html.indexOf('<script');
  const closingHead = html.indexOf('</head>');
  if (firstScript === -1 || closingHead < firstScript) {
    throw new Error('index.html has no entry script in its head to write the preloads around');
  }
  const reads = firstScreenReads(pathname)
    .map((read) => `<link rel="preload" as="fetch" crossorigin href="${read}" />`)
    .join('');
  const modules = chunks
    .map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}" />`)
    .join('');
  return (
    html.slice(0, firstScript) +
    reads +
    html.slice(firstScript, closingHead) +
    modules +
    html.slice(closingHead)
  );
}
