/**
 * A failed call's body. The app's error handler answers `{ error, code? }` with a message safe to
 * show; better-auth (under /api/auth) answers `{ message, code? }`. The web app reads both.
 */
// zod/mini: the API client parses this on every page, the landing page's first load included.
import * as z from 'zod/mini';

export const errorReplySchema = z.object({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  code: z.optional(z.string()),
});
