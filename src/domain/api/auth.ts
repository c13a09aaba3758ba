/**
 * The replies of better-auth (mounted at /api/auth) that the web app reads, reduced to the fields
 * it uses: parsing strips the rest (session tokens included), so they never reach the query cache.
 * better-auth owns these shapes; tests/auth-replies.test.ts checks its real replies against them.
 *
 * - GET  /api/auth/get-session             → {@link sessionStateSchema} (JSON null when signed out)
 * - POST /api/auth/sign-in/email           → {@link signInReplySchema}; sets the session cookie
 * - POST /api/auth/sign-up/email           → {@link signUpReplySchema}; no session until confirmed
 * - POST /api/auth/sign-out                → {@link signOutReplySchema}
 * - POST /api/auth/request-password-reset  → {@link statusReplySchema}
 * - POST /api/auth/reset-password          → {@link statusReplySchema}
 * - GET  /api/auth/verify-email?token=…    → {@link statusReplySchema}
 * Errors answer `{ message, code? }` (see error-reply.ts).
 */
import { z } from 'zod';

export { sessionStateSchema } from './session';

export const signInReplySchema = z.object({ user: z.object({ id: z.string() }) });

/** The same answer for a new and an already registered address (no account enumeration). */
export const signUpReplySchema = z.object({ user: z.object({ id: z.string() }).nullable() });

export const signOutReplySchema = z.object({ success: z.literal(true) });

/** A reset mail requested, a password reset, an address confirmed. */
export const statusReplySchema = z.object({ status: z.literal(true) });
