import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import {
  AUTH_MESSAGES,
  meetsPasswordRequirements,
  MIN_PASSWORD_LENGTH,
} from '#domain/auth-rules.js';
import { FREE_CREDITS } from '#domain/plans.js';
import { isFitAccountName } from '#domain/text-input.js';
import { insertLedgerRow } from '../credits/credit-ledger.js';
import type { AppConfig } from '../config.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { Mailer } from '../mail/mailer.js';
import type { AccountThrottle } from './account-throttle.js';
import { confirmationMail, existingAccountMail, passwordResetMail } from '../mail/templates.js';

export const COOKIE_PREFIX = 'listsmith';

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
  throttle: AccountThrottle;
}

/**
 * Sign-up sends the address's local part as the name, and better-auth's update-user takes any:
 * both meet the one account name rule (src/domain/text-input.ts).
 */
function rejectUnfitName(name: unknown) {
  if (!isFitAccountName(name)) {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_NAME', message: AUTH_MESSAGES.generic });
  }
}

/** Listsmith shows no profile pictures: update-user may not store one (of any size). */
function rejectPicture(body: Record<string, unknown> | undefined) {
  if (body?.image !== undefined && body.image !== null) {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_IMAGE', message: AUTH_MESSAGES.generic });
  }
}

/**
 * Listsmith's better-auth options. The server's instance is createAuth; the e2e fixture adds
 * better-auth's test helpers to the same options, so its users and sessions are the server's.
 */
export function authOptions({ config, database, mailer, throttle }: AuthDeps) {
  /** Counts the attempt against the account before its password is checked, or refuses it. */
  const admitSignIn = async (email: string) => {
    const admission = await throttle.admitSignIn(email);
    if (!admission.allowed) {
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.tooManyAttempts },
        { 'retry-after': String(Math.ceil(admission.retryAfterMs / 1000)) },
      );
    }
  };

  const rejectWeakPassword = (password: unknown) => {
    if (typeof password === 'string' && !meetsPasswordRequirements(password)) {
      throw new APIError('BAD_REQUEST', {
        code: 'WEAK_PASSWORD',
        message: AUTH_MESSAGES.weakPassword,
      });
    }
  };

  return {
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
        // Over the per-account limit the request still answers the same; no mail goes out.
        if (!(await throttle.admitMail('reset', user.email))) return;
        const link = `${config.appUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user.email, link));
      },
      onExistingUserSignUp: async ({ user }) => {
        if (!(await throttle.admitMail('confirmation', user.email))) return;
        await mailer.send(existingAccountMail(user.email, `${config.appUrl}/auth/signin`));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      // The check-your-email screen promises the link completes sign-in (spec: the callback
      // lands on /create).
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        if (!(await throttle.admitMail('confirmation', user.email))) return;
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
        // Every page load reads the session: sellers behind one address (an office, a carrier's
        // NAT) would be signed out by a per-address count, and it guesses nothing (the cookie
        // holds a random token). Unlimited, it also costs no rate-limit row write per read.
        '/get-session': false,
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
      // better-auth's per-address limiter has run by now: requests it refused never count
      // against the account.
      before: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        if (ctx.path === '/sign-in/email' && typeof body?.email === 'string') {
          await admitSignIn(body.email);
        }
        if (ctx.path === '/sign-up/email') {
          rejectUnfitName(body?.name);
          rejectWeakPassword(body?.password);
        }
        if (ctx.path === '/reset-password') rejectWeakPassword(body?.newPassword);
        if (ctx.path === '/update-user') {
          if (body?.name !== undefined) rejectUnfitName(body.name);
          rejectPicture(body);
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const body = ctx.body as Record<string, unknown> | undefined;
        if (ctx.path !== '/sign-in/email' || typeof body?.email !== 'string') return;
        const returned = ctx.context.returned;
        // A wrong password stays counted; a right one (even on an unconfirmed account) clears.
        const wrongPassword = returned instanceof APIError && returned.statusCode === 401;
        const refused = returned instanceof APIError && returned.statusCode === 429;
        if (!wrongPassword && !refused) await throttle.signInSucceeded(body.email);
      }),
    },
    telemetry: { enabled: false },
  } satisfies BetterAuthOptions;
}

export function createAuth(deps: AuthDeps) {
  return betterAuth(authOptions(deps));
}

export type Auth = ReturnType<typeof createAuth>;
