import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import {
  AUTH_MESSAGES,
  meetsPasswordRequirements,
  MIN_PASSWORD_LENGTH,
} from '#domain/auth-rules.js';
import { FREE_CREDITS } from '#domain/plans.js';
import { insertLedgerRow } from '../billing/ledger.js';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { Mailer } from '../mail/mailer.js';
import { confirmationMail, existingAccountMail, passwordResetMail } from '../mail/templates.js';

const COOKIE_PREFIX = 'listsmith';

/** Set-Cookie values that remove the session cookies (after the account is deleted). */
export function expiredSessionCookies(config: AppConfig): string[] {
  const securePrefix = config.servesHttps ? '__Secure-' : '';
  return ['session_token', 'session_data'].map(
    (name) => `${securePrefix}${COOKIE_PREFIX}.${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
  );
}

/** Header the server sets from the socket address (overwriting any client value) for rate limits. */
export const CLIENT_IP_HEADER = 'x-listsmith-client-ip';

const VERIFICATION_LINK_TTL_SECONDS = 24 * 60 * 60;
const RESET_LINK_TTL_SECONDS = 60 * 60;

interface AuthDeps {
  config: AppConfig;
  database: DatabaseHandle;
  mailer: Mailer;
}

export function createAuth({ config, database, mailer }: AuthDeps) {
  const rejectWeakPassword = (password: unknown) => {
    if (typeof password === 'string' && !meetsPasswordRequirements(password)) {
      throw new APIError('BAD_REQUEST', {
        code: 'WEAK_PASSWORD',
        message: AUTH_MESSAGES.weakPassword,
      });
    }
  };

  return betterAuth({
    appName: 'Listsmith',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: {
      // better-auth's adapter is untyped over the schema; our own code uses the typed handle.
      db: database.db as unknown as Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
      type: database.kind,
    },
    user: {
      modelName: 'users',
      additionalFields: {
        planName: { type: 'string', defaultValue: 'free', input: false },
        fixedCredits: { type: 'number', defaultValue: FREE_CREDITS, input: false },
        subscriptionCredits: { type: 'number', defaultValue: 0, input: false },
      },
    },
    session: {
      modelName: 'sessions',
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user.email, link));
      },
      onExistingUserSignUp: async ({ user }) => {
        await mailer.send(existingAccountMail(user.email, `${config.appUrl}/auth/signin`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const link = `${config.appUrl}/auth/callback?token=${encodeURIComponent(token)}`;
        await mailer.send(confirmationMail(user.email, link));
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: 60, max: config.signInAttemptsPerMinute },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    advanced: {
      useSecureCookies: config.servesHttps,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: COOKIE_PREFIX,
      // better-auth turns its Origin/CSRF checks off by default whenever the process has
      // NODE_ENV=test or TEST set, whatever our own config says; keep them on unconditionally.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await insertLedgerRow(database.db, {
              userId: user.id,
              delta: { subscription: 0, fixed: FREE_CREDITS },
              reason: 'sign-up',
            });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        if (ctx.path === '/sign-up/email') rejectWeakPassword(body?.password);
        if (ctx.path === '/reset-password') rejectWeakPassword(body?.newPassword);
      }),
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
