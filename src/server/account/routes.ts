import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { DeleteAccountReply, Profile } from '#domain/api/profile.js';
import { HttpError } from '../http/errors.js';
import type { ProfileService } from './profile-service.js';

interface AccountRouteDeps {
  profiles: ProfileService;
  requireSession: preHandlerHookHandler;
  clearSessionCookies: string[];
}

/** Routes and statuses: src/domain/api/profile.ts. */
export async function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps) {
  const { profiles, requireSession } = deps;

  app.get(
    '/api/user/profile',
    { preHandler: requireSession },
    async (request): Promise<Profile> => {
      return profiles.getProfile(request.sessionUser!.id);
    },
  );

  app.delete(
    '/api/user/profile',
    { preHandler: requireSession },
    async (request, reply): Promise<DeleteAccountReply> => {
      try {
        await profiles.deleteAccount(request.sessionUser!.id);
      } catch (error) {
        // Answers the service chose (404: already gone) stand; anything else is a fault.
        if (error instanceof HttpError) throw error;
        request.log.error({ err: error }, 'account deletion failed');
        throw new HttpError(500, 'Failed to delete account.');
      }
      reply.header('set-cookie', deps.clearSessionCookies);
      return { success: true };
    },
  );
}
