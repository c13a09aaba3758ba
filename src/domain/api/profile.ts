/**
 * The account as the API sends it (spec section 7): one schema the server builds its reply from
 * and the web app parses what it receives with.
 *
 * Routes (need a signed-in session):
 * - GET    /api/user/profile  → {@link Profile}; 404 'Profile not found'
 * - DELETE /api/user/profile  → {@link DeleteAccountReply}, the session cookies cleared;
 *          401 without a session, 404 'Profile not found' when the account is already gone,
 *          500 'Failed to delete account.' when deleting failed
 * Errors answer `{ error, code? }` (see error-reply.ts).
 */
import { z } from 'zod';
import { PRODUCT_STATUSES } from '../product-status';

/**
 * The spec's server product record (section 3), built from a generated product on the review
 * list (a premium seller's is saved already). The library is paged from /api/library.
 */
const profileProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  price: z.number().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  createdAt: z.string(),
});
export type ProfileProduct = z.infer<typeof profileProductSchema>;

/** The plan as the profile spells it. */
const PROFILE_PLAN_NAMES = ['Free', 'Premium'] as const;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  planName: z.enum(PROFILE_PLAN_NAMES),
  fixedCredits: z.number(),
  subscriptionCredits: z.number(),
  /** The same credits by origin (src/domain/credits.ts creditBreakdown); they add up to total. */
  credits: z.object({
    free: z.number(),
    monthly: z.number(),
    purchased: z.number(),
    total: z.number(),
  }),
  products: z.array(profileProductSchema),
  /** Connected Shopify stores: id and domain, never a token. */
  ShopifyStore: z.array(z.object({ id: z.string(), shopDomain: z.string() })),
});
export type Profile = z.infer<typeof profileSchema>;

export const deleteAccountReplySchema = z.object({ success: z.literal(true) });
