/**
 * A JSON body nested deeper than any request of ours needs is refused before it is parsed: parsed,
 * `[[[…]]]` 100,000 deep overflowed the stack on its way to better-auth (a caught RangeError, so a
 * 500, issue 28). Counting brackets is one pass over text the body limit already bounds.
 */
import type { FastifyBodyParser, FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

/** Whether `text` opens more than `limit` arrays or objects inside one another. */
export function jsonNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * In `app` (a plugin's scope), JSON bodies nested deeper than `limit` answer 400; the rest are
 * parsed by Fastify's own parser, prototype-poisoning checks included.
 */
export function limitJsonDepth(app: FastifyInstance, limit = MAX_JSON_DEPTH): void {
  const parse: FastifyBodyParser<string> = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A string, as `parseAs` asks (Fastify's types also allow a Buffer).
    const text = body.toString();
    if (jsonNestedDeeperThan(text, limit)) done(new HttpError(400, TOO_DEEP_MESSAGE), undefined);
    else parse.call(app, request, text, done);
  });
}
