/**
 * Routes validated once, at the route, by the zod schemas of src/domain
 * (fastify-type-provider-zod, ADR 030): params, querystring and body reach the handler parsed and
 * typed, and a reply with a contract is typed and checked against it. A refused request answers 400
 * `{ error }` with the schema's first message, exactly as a ZodError thrown by a handler did.
 */
import type {
  FastifyInstance,
  FastifySchemaValidationError,
  FastifySerializerCompiler,
} from 'fastify';
import {
  ResponseSerializationError,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSignedInRoute, type RequireSession } from './signed-in.js';

/**
 * A reply is checked as the web app reads it, with `parse`, and sent as it is. The library's own
 * serializer encodes (zod codecs), which the contracts' one-way transforms (text normalised on
 * the way in) refuse (ADR 030). A reply its contract refuses is a fault of ours: 500, logged.
 */
const checkedReplies: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const checked = schema.safeParse(data);
    if (!checked.success)
      throw new ResponseSerializationError(method, url, { cause: checked.error });
    return JSON.stringify(data);
  };

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
  app.setSerializerCompiler(checkedReplies);
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
