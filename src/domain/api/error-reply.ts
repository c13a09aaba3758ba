/**
 * A failed call's body. The app's error handler answers `{ error, code? }` with a message safe to
 * show; better-auth (under /api/auth) answers `{ message, code? }`. The web app reads both.
 */
import { z } from 'zod';

export const errorReplySchema = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  code: z.string().optional(),
});
