/**
 * The Google Merchant Center feed's contract (issue 26, ADR 037): the seller's feed settings,
 * the private address, and what the feed holds. The feed itself is src/domain/google-feed.ts.
 *
 * Routes (a signed-in session, except the private address itself):
 * - GET    /api/google-feed                  → {@link FeedStatus}
 * - PUT    /api/google-feed/settings {@link FeedSettings} → {@link FeedStatus}
 * - POST   /api/google-feed/address          → {@link FeedAddress} (a new secret; the old stops)
 * - DELETE /api/google-feed/address          → 204 (the address answers 404 from now on)
 * - GET    /api/google-feed/download.tsv | download.xml → the feed as an attachment
 * - GET    /api/google-feed/:token/products.tsv | products.xml → the feed, no session (Merchant
 *          Center fetches it on its schedule); an unknown or revoked token answers 404
 */
import { z } from 'zod';
import { FEED_EXCLUSIONS } from './google-feed';
import { slugify } from './slug';

export const PAGE_TEMPLATE_MAX = 500;
export const PAGE_TEMPLATE_MESSAGE =
  'Enter your product page address with {handle} or {id}, e.g. https://myshop.example/products/{handle}';

/** An http(s) address with `{handle}` or `{id}` where the product goes; '' for none. */
export const pageTemplateSchema = z
  .string()
  .trim()
  .max(PAGE_TEMPLATE_MAX)
  .refine((text) => text === '' || isPageTemplate(text), PAGE_TEMPLATE_MESSAGE);

function isPageTemplate(text: string): boolean {
  if (!text.includes('{handle}') && !text.includes('{id}')) return false;
  try {
    const url = new URL(text.replaceAll('{handle}', 'h').replaceAll('{id}', 'i'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The product's page by the seller's template: `{handle}` is its title's slug, `{id}` our id. */
export function pageFromTemplate(
  template: string,
  product: { id: string; title: string },
): string | null {
  if (template === '') return null;
  return template
    .replaceAll('{handle}', encodeURIComponent(slugify(product.title)))
    .replaceAll('{id}', encodeURIComponent(product.id));
}

export const feedSettingsSchema = z
  .object({
    pageTemplate: pageTemplateSchema,
    /** ISO 4217, the currency the seller's prices are in. */
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Enter a three-letter currency code such as USD.'),
  })
  .strict();
export type FeedSettings = z.infer<typeof feedSettingsSchema>;

export const DEFAULT_FEED_SETTINGS: FeedSettings = { pageTemplate: '', currency: 'USD' };

export const feedStatusSchema = z.object({
  settings: feedSettingsSchema,
  /** Whether a private address exists (it is shown once, when made). */
  hasAddress: z.boolean(),
  /** Products in the feed, and those left out by why. */
  included: z.number().int().nonnegative(),
  excluded: z.array(
    z.object({ reason: z.enum(FEED_EXCLUSIONS), count: z.number().int().positive() }),
  ),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

export const feedAddressSchema = z.object({ tsvUrl: z.string(), xmlUrl: z.string() });
export type FeedAddress = z.infer<typeof feedAddressSchema>;

/** What a private address's token looks like (32 random bytes, base64url). */
export const feedTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** 'Not in the feed: 3 products have no product page.' */
export function describeExclusion(reason: (typeof FEED_EXCLUSIONS)[number], count: number): string {
  const have = count === 1 ? '1 product has' : `${count} products have`;
  const what: Record<(typeof FEED_EXCLUSIONS)[number], string> = {
    name: 'no name',
    price: 'no price',
    photo: 'no photo',
    'product page':
      'no product page (publish it to Shopify, or set your product page address below)',
  };
  return `Not in the feed: ${have} ${what[reason]}.`;
}
