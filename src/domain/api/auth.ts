/**
 * The replies of better-auth (mounted at /api/auth) that the web app reads, reduced to the fields
 * it uses: parsing strips the rest (session tokens included), so they never reach the query cache.
 * better-auth owns these shapes; tests/auth-replies.test.ts checks its real replies against them.
 *
 * - GET  /api/auth/get-session             → {@link SessionState} (JSON null when signed out)
 * - POST /api/auth/sign-in/email           → {@link SignInReply}; sets the session cookie
 * - POST /api/auth/sign-up/email           → {@link SignUpReply}; no session until confirmed
 * - POST /api/auth/sign-out                → {@link SignOutReply}
 * - POST /api/auth/request-password-reset  → {@link StatusReply}
 * - POST /api/auth/reset-password          → {@link StatusReply}
 * - GET  /api/auth/verify-email?token=…    → {@link StatusReply}
 * Errors answer `{ message, code? }` (see error-reply.ts).
 */
import { z } from 'zod';

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionStateSchema = z
  .object({
    user: sessionUserSchema,
    session: z.object({ id: z.string(), expiresAt: z.string() }),
  })
  .nullable();
export type SessionState = z.infer<typeof sessionStateSchema>;

export const signInReplySchema = z.object({ user: z.object({ id: z.string() }) });
export type SignInReply = z.infer<typeof signInReplySchema>;

/** The same answer for a new and an already registered address (no account enumeration). */
export const signUpReplySchema = z.object({ user: z.object({ id: z.string() }).nullable() });
export type SignUpReply = z.infer<typeof signUpReplySchema>;

export const signOutReplySchema = z.object({ success: z.literal(true) });
export type SignOutReply = z.infer<typeof signOutReplySchema>;

/** A reset mail requested, a password reset, an address confirmed. */
export const statusReplySchema = z.object({ status: z.literal(true) });
export type StatusReply = z.infer<typeof statusReplySchema>;
