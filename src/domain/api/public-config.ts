/**
 * Server settings the browser may know; nothing secret belongs here.
 *
 * Route (no session needed):
 * - GET /api/public-config  → {@link PublicConfig}
 */
import { z } from 'zod';

export const publicConfigSchema = z.object({ supportEmail: z.string() });
export type PublicConfig = z.infer<typeof publicConfigSchema>;
