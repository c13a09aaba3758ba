import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { DeleteAccountReply, Profile } from '#domain/api/profile.js';
import { sellerSettingsUpdateSchema } from '#domain/seller-settings.js';
import { HttpError } from '../http/errors.js';
import type { ProfileService } from './profile-service.js';
import type { SellerSettingsRepository } from './settings-repository.js';

interface AccountRouteDeps {
  profiles: ProfileService;
  settings: SellerSettingsRepository;
  requireSession: preHandlerHookHandler;
  clearSessionCookies: string[];
  /** The account is gone: sessions checked a moment ago are no longer trusted. */
  forgetSessions: (userId: string) => void;
}

/** Routes and statuses: src/domain/api/profile.ts. */
export async function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps) {
  const { profiles, settings, requireSession } = deps;

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
      } finally {
        // Gone or going: a session checked a moment ago is no longer trusted (ADR 023).
        deps.forgetSessions(request.sessionUser!.id);
      }
      reply.header('set-cookie', deps.clearSessionCookies);
      return { success: true };
    },
  );

  app.get('/api/user/settings', { preHandler: requireSession }, async (request) => {
    return settings.get(request.sessionUser!.id);
  });

  /** Changes the settings named in the body; an invalid one is a 400 and changes nothing. */
  app.put('/api/user/settings', { preHandler: requireSession }, async (request) => {
    const update = sellerSettingsUpdateSchema.parse(request.body);
    return settings.update(request.sessionUser!.id, update);
  });
}
