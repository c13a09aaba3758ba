import type { FastifyInstance } from 'fastify';
import { deleteAccountReplySchema, profileSchema } from '#domain/api/profile.js';
import { sellerSettingsSchema, sellerSettingsUpdateSchema } from '#domain/seller-settings.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import type { ProfileService } from './profile-service.js';
import type { SellerSettingsRepository } from './settings-repository.js';

interface AccountRouteDeps {
  profiles: ProfileService;
  settings: SellerSettingsRepository;
  requireSession: RequireSession;
  clearSessionCookies: string[];
  /** The account is gone: sessions checked a moment ago are no longer trusted. */
  forgetSessions: (userId: string) => void;
}

const settingsReply = { 200: sellerSettingsSchema };

/** Routes and statuses: src/domain/api/profile.ts. */
export async function accountRoutes(app: FastifyInstance, deps: AccountRouteDeps) {
  const { profiles, settings } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  routes.get(
    '/api/user/profile',
    { config: SIGNED_IN, schema: { response: { 200: profileSchema } } },
    async (request) => profiles.getProfile(request.sessionUser.id),
  );

  routes.delete(
    '/api/user/profile',
    { config: SIGNED_IN, schema: { response: { 200: deleteAccountReplySchema } } },
    async (request, reply) => {
      const userId = request.sessionUser.id;
      try {
        await profiles.deleteAccount(userId);
      } catch (error) {
        // Answers the service chose (404: already gone) stand; anything else is a fault.
        if (error instanceof HttpError) throw error;
        request.log.error({ err: error }, 'account deletion failed');
        throw new HttpError(500, 'Failed to delete account.');
      } finally {
        // Gone or going: a session checked a moment ago is no longer trusted (ADR 023).
        deps.forgetSessions(userId);
      }
      reply.header('set-cookie', deps.clearSessionCookies);
      return { success: true as const };
    },
  );

  routes.get(
    '/api/user/settings',
    { config: SIGNED_IN, schema: { response: settingsReply } },
    async (request) => settings.get(request.sessionUser.id),
  );

  /** Changes the settings named in the body; an invalid one is a 400 and changes nothing. */
  routes.put(
    '/api/user/settings',
    { config: SIGNED_IN, schema: { body: sellerSettingsUpdateSchema, response: settingsReply } },
    async (request) => settings.update(request.sessionUser.id, request.body),
  );
}
