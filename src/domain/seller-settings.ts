/**
 * The seller's settings (`GET/PUT /api/user/settings`): choices made once on the account page
 * that shape every draft. The server validates requests with these schemas and the client parses
 * replies with them. A new setting is one more field here with its default, one column in
 * `sellerSettings`, and one control on the account page.
 */
import { z } from 'zod';
import { DEFAULT_PRICE_ENDING, PRICE_ENDINGS } from './price-points';

const priceEndingSchema = z.enum(PRICE_ENDINGS);

/** The reply: every setting, a default standing in for one never chosen. */
export const sellerSettingsSchema = z.object({
  /** How a suggested price ends: $21.99, $21.95 or $22. */
  priceEnding: priceEndingSchema,
});
export type SellerSettings = z.infer<typeof sellerSettingsSchema>;

export const DEFAULT_SELLER_SETTINGS: SellerSettings = { priceEnding: DEFAULT_PRICE_ENDING };

/**
 * The request: the settings to change, at least one; the others keep their value, so a control
 * saves only its own setting. Unknown fields are refused rather than silently dropped.
 */
export const sellerSettingsUpdateSchema = sellerSettingsSchema
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'no setting to change' });
export type SellerSettingsUpdate = z.infer<typeof sellerSettingsUpdateSchema>;
