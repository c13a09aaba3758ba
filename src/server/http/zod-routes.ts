/**
 * Routes validated once, at the route, by the zod schemas of src/domain
 * (fastify-type-provider-zod, ADR 030): params, querystring and body reach the handler parsed and
 * typed, replies with a contract are checked against it. A refused request answers 400
 * `{ error }` with the schema's first message, exactly as a ZodError thrown by a handler did.
 */
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { isSignedInRoute, type RequireSession } from './signed-in.js';

/** The app's error handler answers a 4xx error with `{ error: message }`. */
function refusal(errors: FastifySchemaValidationError[]): Error {
  return Object.assign(new Error(errors[0]?.message ?? 'Invalid request'), { statusCode: 400 });
}

/**
 * Sets up this plugin's routes: zod schemas, and with `requireSession`, the session check before
 * validation on every route declared with `config: SIGNED_IN` (a request without a session
 * answers 401 whatever its body).
 */
export function zodRoutes(app: FastifyInstance, requireSession?: RequireSession) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setSchemaErrorFormatter(refusal);
  app.addHook('onRoute', (route) => {
    if (!isSignedInRoute(route.config)) return;
    if (!requireSession) throw new Error(`${route.url} is signed-in but no session check is set`);
    const before = route.preValidation;
    const hooks = before === undefined ? [] : Array.isArray(before) ? before : [before];
    if (!hooks.includes(requireSession)) route.preValidation = [requireSession, ...hooks];
  });
  return app.withTypeProvider<ZodTypeProvider>();
}

/** A body that may be left out altogether: judged as `{}` (its fields' own messages answer). */
export function bodyOrEmpty<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess((body) => body ?? {}, schema);
}
