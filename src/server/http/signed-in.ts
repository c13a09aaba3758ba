/**
 * Who a signed-in route serves, typed. A route declared with `config: SIGNED_IN` (in a plugin set
 * up by `zodRoutes` with the session check) is reached only once the session is checked, and its
 * handler reads `request.sessionUser` typed as present; on any other route it may be undefined.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider.js';

/** Who a request is signed in as. */
export interface SessionUser {
  id: string;
  email: string;
}

/** The route option of a route only a signed-in seller may call. */
export const SIGNED_IN = { signedIn: true } as const;
type SignedInConfig = typeof SIGNED_IN;

/** Loads the session from the cookie into `request.sessionUser`, or answers 401. */
export type RequireSession = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export function isSignedInRoute(config: unknown): boolean {
  return (config as Partial<SignedInConfig> | undefined)?.signedIn === true;
}

declare module 'fastify' {
  // The type parameters repeat FastifyRequest's own, as a merged declaration must.
  interface FastifyRequest<
    /* eslint-disable @typescript-eslint/no-unused-vars */
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> =
      RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
    /* eslint-enable @typescript-eslint/no-unused-vars */
  > {
    sessionUser: ContextConfig extends SignedInConfig ? SessionUser : SessionUser | undefined;
  }
}
