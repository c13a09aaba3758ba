/**
 * The product as the API sends it and the browser shows it: one schema shared by the server
 * (which builds it from its rows) and the web app (which validates what it receives), plus the
 * request bodies and the server-sent events of the review screen.
 *
 * Routes (all need a signed-in session except the image route, whose ids are unguessable):
 * - POST   /api/product/generate-product-details-from-image  multipart, repeated field `images`
 *          (optionally first {@link UPLOAD_CONTINUES_FIELD})
 *          → 202 {@link UploadResponse}; 400/402/413 when nothing was accepted
 * Errors answer `{ error, code? }` with a message safe to show (the app's error handler).
 * - GET    /api/products                                     → {@link productListResponseSchema}
 * - GET    /api/products/events                              → text/event-stream of {@link ProductEvent}
 * - PATCH  /api/product/:id        {@link ProductPatch}      → {@link Product}
 *          (`variants` only on premium: 403 otherwise)
 * - DELETE /api/product/:id                                  → 204
 * - POST   /api/product/:id/retry                            → {@link Product} (pending again)
 * - POST   /api/product/regenerate-product-detail {@link RegenerateRequest} → {@link RegenerateResponse}
 * - POST   /api/product/:id/identify {@link IdentifyRequest}  → {@link Product} (re-drafted)
 * - GET    /api/products/export/shopify | squarespace | woocommerce → text/csv (review list)
 * - GET    /api/images/:imageId/display.jpg | thumb.webp     → the image bytes
 * Combining, splitting and ordering a product's photos: src/domain/api/product-photos.ts.
 */
import { z } from 'zod';
import { suggestionsSchema } from './catalogue-improve';
import {
  draftAttributesSchema,
  draftCategorySchema,
  draftEvidenceSchema,
  gtinSchema,
  guidanceListSchema,
  LISTING_DRAFT_LIMITS,
} from './listing-draft';
import type { ExportProduct } from './product';
import {
  attributeValue,
  BRAND_ATTRIBUTE,
  confirmedAttributesSchema,
  MATERIAL_ATTRIBUTE,
} from './product-attributes';
import { productCondition, productConditionSchema } from './product-condition';
import { PRODUCT_STATUSES, STORE_STATUSES } from './product-status';
import { productIdSchema } from './request-text';
import { hasVisibleText, multiLineText, singleLineText } from './text-input';
import { NO_VARIANTS, productVariantsSchema } from './variants';

/**
 * The listing fields a seller can change by hand. One they changed is theirs: naming the product
 * ('What is this product?') drafts every other field again and leaves it alone.
 */
export const EDITABLE_LISTING_FIELDS = [
  'title',
  'description',
  'price',
  'tags',
  'altText',
  'attributes',
  'seoTitle',
  'seoDescription',
] as const;
export const editedFieldSchema = z.enum(EDITABLE_LISTING_FIELDS);
export type EditedField = z.infer<typeof editedFieldSchema>;

/** Where a product's draft stands: being generated, generated, or failed (credit refunded). */
export const productGenerationSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending') }),
  z.object({ state: z.literal('ready') }),
  z.object({
    state: z.literal('failed'),
    /** Safe to show on the card. */
    message: z.string(),
    /** Machine-readable cause, e.g. 'vision-unavailable', 'vision-timeout', 'vision-refused'. */
    code: z.string(),
    /** Whether 'Retry' may help (busy or unreachable provider) rather than a photo problem. */
    retryable: z.boolean(),
  }),
]);
export type ProductGeneration = z.infer<typeof productGenerationSchema>;

export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export const storeStatusSchema = z.enum(STORE_STATUSES);
export { type StoreStatus } from './product-status';

export const productPriceSchema = z.object({
  /** What the seller charges; the price field edits this. Null only while generating. */
  suggested: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** What the estimate rests on, shown beside the price. */
  basis: z.string().nullable(),
});

/** Up to 24 photos per product, as the open-source peers allow (issue 16). */
export const MAX_PRODUCT_PHOTOS = 24;

/** One photo of a product; the product's `photos` lists them main first. */
export const productPhotoSchema = z.object({
  imageId: z.uuid(),
  /** The display image (JPEG), an app-relative URL under /api/images. */
  url: z.string(),
  /** The small WebP for lists. */
  thumbUrl: z.string(),
  /** The name of the uploaded file. */
  fileName: z.string(),
});
export type ProductPhoto = z.infer<typeof productPhotoSchema>;

export const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: productPriceSchema,
  category: draftCategorySchema.nullable(),
  /** Other likely categories, best first (up to 3): what the seller may pick instead. */
  categoryAlternatives: z.array(draftCategorySchema),
  /** GTIN read from a barcode on the photo. */
  barcode: gtinSchema.nullable(),
  /** Why each drafted field says what it says; empty when the provider could not say. */
  evidence: draftEvidenceSchema,
  tags: z.array(z.string()),
  attributes: draftAttributesSchema.nullable(),
  /** The attributes the seller confirmed ('Material: Leather'); a re-draft states them. */
  confirmedAttributes: confirmedAttributesSchema.default([]),
  /** Options and their rows (premium; src/domain/variants.ts); none: one default variant. */
  variants: productVariantsSchema.default(NO_VARIANTS),
  altText: z.string(),
  /** New, used or refurbished; null while the seller has not said (src/domain/product-condition.ts). */
  condition: productConditionSchema.nullable().default(null),
  /** The search engine listing (Shopify's SEO title and description); '' when none was drafted. */
  seoTitle: z.string().default(''),
  seoDescription: z.string().default(''),
  /**
   * What the seller should check or add before publishing ('Add the size.'): shown on the card
   * apart from the listing fields, never exported or published.
   */
  guidance: guidanceListSchema.default([]),
  /** The listing fields the seller has changed since the draft was written. */
  editedFields: z.array(editedFieldSchema).default([]),
  /** Improve's suggestions waiting for the seller to accept or reject (catalogue-improve.ts). */
  suggestions: suggestionsSchema.default([]),
  /** Every photo, main first (at most {@link MAX_PRODUCT_PHOTOS}). */
  photos: z.array(productPhotoSchema).max(MAX_PRODUCT_PHOTOS),
  /** The main photo's display image (JPEG, ≤ 2048 px), an app-relative URL under /api/images. */
  imageUrl: z.string(),
  /** A small WebP for lists. */
  thumbnailUrl: z.string(),
  /** All photos' display images, first is the main one (the spec's `images`). */
  images: z.array(z.string()),
  /** The name of the uploaded file, shown while the draft is generated. */
  fileName: z.string(),
  status: productStatusSchema,
  /**
   * ISO 8601: when it joined the library, saved or published (a publish brings it to the top
   * again; docs/glossary.md); null while a draft never published.
   */
  libraryAddedAt: z.string().nullable(),
  storeStatus: storeStatusSchema,
  /** The Shopify store it was last published to and its page in that store's admin. */
  publishedTo: z.object({ shopDomain: z.string(), adminUrl: z.string() }).nullable().default(null),
  /** The connected Shopify store it was imported from ('Update in Shopify'); null otherwise. */
  source: z
    .object({ kind: z.literal('shopify-store'), shop: z.string() })
    .nullable()
    .default(null),
  generation: productGenerationSchema,
  /** ISO 8601. The review list is newest first by this; the library by libraryAddedAt. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListResponseSchema = z.object({ products: z.array(productSchema) });

export const uploadRejectionSchema = z.object({
  fileName: z.string(),
  /** One of the spec's upload messages (UPLOAD_MESSAGES). */
  message: z.string(),
});
export type UploadRejection = z.infer<typeof uploadRejectionSchema>;

export const uploadResponseSchema = z.object({
  /** One pending product per accepted file, in upload order; one credit reserved for each. */
  results: z.array(productSchema),
  /** Files refused by content checks; they cost nothing and nothing of them was kept. */
  rejected: z.array(uploadRejectionSchema),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/**
 * Optional multipart field, before the files: the id of a product an earlier request of the same
 * upload answered. The browser sends a large upload in several requests; the server files the
 * later ones with the first (same upload time, later positions), and answers a later request
 * whose every file was refused with the refusals (202) rather than an error.
 */
export const UPLOAD_CONTINUES_FIELD = 'continues';

/** Spec §5 "Price input: keeps only digits and dots, parsed to a number (0 when not parseable)". */
export function parsePriceInput(text: string): { text: string; value: number } {
  const kept = text.replace(/[^\d.]/g, '');
  const value = Number.parseFloat(kept);
  return { text: kept, value: Number.isFinite(value) ? value : 0 };
}

/** The category evidence once the seller has chosen the category themselves. */
export const CONFIRMED_CATEGORY_SOURCE = 'confirmed by you';

/** A title edited to nothing (or to spaces only) is refused: a listing needs a name. */
export const TITLE_REQUIRED_MESSAGE = 'Enter a title: it cannot be empty or only spaces.';

/**
 * Autosave body: any subset of the fields a seller edits on the card. `categoryId` (a Shopify
 * taxonomy id or GID, checked by the server against the taxonomy it ships) is the seller's
 * confirmed category: it is sent on its own by the category form (Change), not by autosave.
 */
export const productPatchSchema = z
  .object({
    title: z
      .string()
      .max(LISTING_DRAFT_LIMITS.titleMax)
      .transform(singleLineText)
      .refine(hasVisibleText, TITLE_REQUIRED_MESSAGE),
    description: z.string().max(LISTING_DRAFT_LIMITS.descriptionMax).transform(multiLineText),
    price: z.number().min(0).max(LISTING_DRAFT_LIMITS.priceMax),
    seoTitle: z.string().max(LISTING_DRAFT_LIMITS.seoTitleMax).transform(singleLineText),
    seoDescription: z
      .string()
      .max(LISTING_DRAFT_LIMITS.seoDescriptionMax)
      .transform(singleLineText),
    categoryId: z.string().trim().min(1).max(200),
    /** Null: not stated. */
    condition: productConditionSchema.nullable(),
    /** The whole list of confirmed attributes; unedited text fields are drafted again. */
    confirmedAttributes: confirmedAttributesSchema,
    /** The whole set of options and rows (premium only: 403 on the free plan). */
    variants: productVariantsSchema,
  })
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to update');
export type ProductPatch = z.infer<typeof productPatchSchema>;

export const regenerateRequestSchema = z
  .object({
    productId: productIdSchema,
    field: z.enum(['title', 'description']),
    /** What the seller sees now (possibly not yet saved); the new text must differ from it. */
    title: z.string().max(LISTING_DRAFT_LIMITS.titleMax).optional(),
    description: z.string().max(LISTING_DRAFT_LIMITS.descriptionMax).optional(),
  })
  .strict();
export type RegenerateRequest = z.infer<typeof regenerateRequestSchema>;

/** Limits of the seller's words for what the product is. */
export const IDENTIFY_KIND_LIMITS = { min: 1, max: 80 } as const;

/**
 * 'What is this product?': the seller's words ('gold wristwatch') and, when they picked one of
 * the taxonomy suggestions, its id or GID; without one the server takes the best match.
 */
export const identifyRequestSchema = z
  .object({
    kind: z
      .string()
      .transform((text) => singleLineText(text).replace(/\s+/g, ' ').trim())
      .pipe(z.string().min(IDENTIFY_KIND_LIMITS.min).max(IDENTIFY_KIND_LIMITS.max)),
    categoryId: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type IdentifyRequest = z.infer<typeof identifyRequestSchema>;

/** `result` is the spec's field; the product comes back with the new text already saved. */
export const regenerateResponseSchema = z.object({ result: z.string(), product: productSchema });
export type RegenerateResponse = z.infer<typeof regenerateResponseSchema>;

/**
 * Server-sent events on /api/products/events. The event name is the `type`; the data line is
 * the JSON of the whole object. After (re)connecting, the client refetches the list once, so a
 * missed event while offline costs nothing.
 */
export const productEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('product'), product: productSchema }),
  z.object({ type: z.literal('product-deleted'), id: z.string() }),
]);
export type ProductEvent = z.infer<typeof productEventSchema>;

/** What the CSV exporters need from a product; `origin` makes image URLs absolute. */
export function toExportProduct(product: Product, origin: string): ExportProduct {
  const absolute = (url: string) => new URL(url, origin).toString();
  const confirmed = (name: string) => attributeValue(product.confirmedAttributes, name);
  const colors = product.attributes?.colors ?? [];
  return {
    id: product.id,
    // Titles saved before the patch schema cleaned them may still hold line breaks.
    title: singleLineText(product.title),
    description: multiLineText(product.description),
    price: product.price.suggested,
    images: product.images.map(absolute),
    imageAltText: product.altText || undefined,
    seoTitle: singleLineText(product.seoTitle) || undefined,
    seoDescription: singleLineText(product.seoDescription) || undefined,
    category: product.category ? { fullName: product.category.fullName } : null,
    tags: product.tags,
    barcode: product.barcode,
    variants: product.variants.rows.map((row) => ({
      options: row.values.map((value, i) => ({ name: product.variants.options[i]!.name, value })),
      price: row.price,
      sku: row.sku,
      barcode: row.barcode,
    })),
    storeStatus: product.storeStatus,
    condition: productCondition(product),
    brand: confirmed(BRAND_ATTRIBUTE) ?? product.attributes?.brand ?? null,
    // One colour names the product's colour; several describe a pattern, not a colour to filter by.
    color: colors.length === 1 ? colors[0]! : null,
    material: confirmed(MATERIAL_ATTRIBUTE) ?? product.attributes?.material ?? null,
    size: product.attributes?.size ?? null,
  };
}
