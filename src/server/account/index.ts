/**
 * The account capability: the seller's profile (with account deletion) and settings, and its
 * routes' plugin. The settings repository is built first: drafting and editing read the settings
 * before the profile service (which needs billing and Shopify) exists.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RequireSession } from '../http/signed-in.js';
import { createAccountRepository } from './account-repository.js';
import {
  createProfileService,
  type ProfileService,
  type ProfileServiceDeps,
} from './profile-service.js';
import { accountRoutes } from './routes.js';
import {
  createSellerSettingsRepository,
  type SellerSettingsRepository,
} from './settings-repository.js';

export { createSellerSettingsRepository, type SellerSettingsRepository };

export function createProfiles(db: Kysely<Database>, deps: Omit<ProfileServiceDeps, 'accounts'>) {
  return createProfileService({ accounts: createAccountRepository(db), ...deps });
}

export interface AccountPluginOptions {
  profiles: ProfileService;
  settings: SellerSettingsRepository;
  requireSession: RequireSession;
  /** Set-Cookie values that end the session in the browser (after the account is deleted). */
  clearSessionCookies: string[];
  /** The account is gone: sessions checked a moment ago are no longer trusted. */
  forgetSessions: (userId: string) => void;
}

/** The account's routes: profile, settings, account deletion. */
export async function accountPlugin(app: FastifyInstance, options: AccountPluginOptions) {
  await app.register(accountRoutes, options);
}
