/**
 * The session reply of better-auth's `GET /api/auth/get-session` (JSON null when signed out),
 * reduced to what the web app reads. In zod/mini: every page asks for the session on load, the
 * landing page included, and the classic zod API would not fit its JavaScript budget (ADR 017).
 */
import * as z from 'zod/mini';

const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});

export const sessionStateSchema = z.nullable(
  z.object({
    user: sessionUserSchema,
    session: z.object({ id: z.string(), expiresAt: z.string() }),
  }),
);
