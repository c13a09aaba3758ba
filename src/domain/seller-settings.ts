/**
 * The seller's settings (`GET/PUT /api/user/settings`): choices made once on the account page
 * that shape every draft. The server validates requests with these schemas and the client parses
 * replies with them. A new setting is one more field here with its default, one column in
 * `sellerSettings`, and one control on the account page.
 */
import { z } from 'zod';
import { DEFAULT_PRICE_ENDING, PRICE_ENDINGS } from './price-points';

const priceEndingSchema = z.enum(PRICE_ENDINGS);

/** The tones a store can write in; the built-in writer has wordings for each. */
export const STORE_VOICE_PRESETS = ['friendly', 'professional', 'luxury', 'playful'] as const;
export type StoreVoicePreset = (typeof STORE_VOICE_PRESETS)[number];

export const STORE_VOICE_INSTRUCTIONS_MAX = 500;

/**
 * C0 and C1 control characters, line breaks and tabs among them: the instructions are one
 * paragraph of style wishes, quoted into a prompt, where a stray line break or escape could
 * pass for the prompt's own structure.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * How the store sounds: a preset tone, and optionally the seller's own words on style
 * ('mention that everything ships from Vermont'). A connected AI model reads both; the built-in
 * writer can only follow the preset. Closed, like the update it travels in: an unknown field is
 * refused, not dropped.
 */
export const storeVoiceSchema = z.strictObject({
  preset: z.enum(STORE_VOICE_PRESETS),
  instructions: z
    .string()
    .trim()
    .max(STORE_VOICE_INSTRUCTIONS_MAX)
    .refine((text) => !CONTROL_CHARACTER.test(text), {
      message: 'must be a single paragraph without control characters',
    }),
});
export type StoreVoice = z.infer<typeof storeVoiceSchema>;

export const DEFAULT_STORE_VOICE: StoreVoice = { preset: 'friendly', instructions: '' };

/** The reply: every setting, a default standing in for one never chosen. */
export const sellerSettingsSchema = z.object({
  /** How a suggested price ends: $21.99, $21.95 or $22. */
  priceEnding: priceEndingSchema,
  storeVoice: storeVoiceSchema,
});
export type SellerSettings = z.infer<typeof sellerSettingsSchema>;

export const DEFAULT_SELLER_SETTINGS: SellerSettings = {
  priceEnding: DEFAULT_PRICE_ENDING,
  storeVoice: DEFAULT_STORE_VOICE,
};

/**
 * The request: the settings to change, at least one; the others keep their value, so a control
 * saves only its own setting. Unknown fields are refused rather than silently dropped.
 */
export const sellerSettingsUpdateSchema = sellerSettingsSchema
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'no setting to change' });
export type SellerSettingsUpdate = z.infer<typeof sellerSettingsUpdateSchema>;
