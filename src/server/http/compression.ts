import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Text the browser reads (scripts, styles, pages, JSON, SVG) goes out brotli- or gzip-encoded.
 * Photos (JPEG, PNG, WebP, …) are compressed formats already and go out as they are. The event
 * stream is not listed either: compressing it would hold events back in the compressor's buffer.
 * (It writes to the hijacked raw response, which no onSend hook sees, so that is doubly sure.)
 */
const COMPRESSIBLE =
  /^(?:text\/(?:html|css|javascript|plain|markdown|csv)|application\/(?:json|javascript|manifest\+json|xml)|image\/svg\+xml)(?:;|$)/;

export const compressionOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSIBLE,
  threshold: 1024,
  // Request bodies are never compressed by our clients; inflating them would let a small upload
  // grow past the body limits after they were checked.
  globalDecompression: false,
};
