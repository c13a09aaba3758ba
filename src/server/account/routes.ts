import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { HttpError } from '../http/errors.js';
import type { ProfileService } from './profile-service.js';

interface AccountRouteDeps {
  profiles: ProfileService;
  requireSession: preHandlerHookHandler;
  clearSessionCookies: string[];
}

export async function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps) {
  const { profiles, requireSession } = deps;

  app.get('/api/user/profile', { preHandler: requireSession }, async (request) => {
    return profiles.getProfile(request.sessionUser!.id);
  });

  app.delete('/api/user/profile', { preHandler: requireSession }, async (request, reply) => {
    try {
      await profiles.deleteAccount(request.sessionUser!.id);
    } catch (error) {
      request.log.error({ err: error }, 'account deletion failed');
      throw new HttpError(500, 'Failed to delete account.');
    }
    reply.header('set-cookie', deps.clearSessionCookies);
    return { success: true };
  });
}
