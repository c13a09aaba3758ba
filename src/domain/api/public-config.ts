/**
 * Server settings the browser may know; nothing secret belongs here.
 *
 * Route (no session needed):
 * - GET /api/public-config  → {@link PublicConfig}
 */
// zod/mini: the footer reads it on every page, the landing page's first load included (ADR 017).
import * as z from 'zod/mini';

export const publicConfigSchema = z.object({ supportEmail: z.string() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
