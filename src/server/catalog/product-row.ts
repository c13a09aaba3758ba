/**
 * The product row codec: a products row read into the API's Product (src/domain/products.ts),
 * each stored JSON column decoded leniently (a malformed value counts as empty, never breaks a
 * list). What a write sets is product-columns.ts.
 */
import type { Selectable } from 'kysely';
import {
  draftAttributesSchema,
  draftCategorySchema,
  fieldEvidenceSchema,
  gtinSchema,
  guidanceItemSchema,
  LISTING_DRAFT_LIMITS,
  type DraftCategory,
  type DraftEvidence,
  type GuidanceItem,
} from '#domain/listing-draft.js';
import { confirmedAttributesSchema, type ConfirmedAttribute } from '#domain/product-attributes.js';
import {
  CONFIRMED_CATEGORY_SOURCE,
  EDITABLE_LISTING_FIELDS,
  editedFieldSchema,
  type EditedField,
  type Product,
  type ProductGeneration,
  type ProductPhoto,
} from '#domain/products.js';
import { suggestionSchema, type Suggestion } from '#domain/catalogue-improve.js';
import { storedCondition } from '#domain/product-condition.js';
import { NO_VARIANTS, productVariantsSchema, type ProductVariants } from '#domain/variants.js';
import type { ProductsTable } from '../db/schema.js';
import { z } from 'zod';

export type ProductRow = Selectable<ProductsTable>;

/** Same message for every failure that is not the provider's: nothing internal leaks out. */
export const GENERIC_GENERATION_FAILURE = {
  code: 'generation-failed',
  message: 'We could not generate product details for this photo. Please try again.',
  retryable: true,
} as const;

export function imageUrls(imageId: string) {
  return {
    imageUrl: `/api/images/${imageId}/display.jpg`,
    thumbnailUrl: `/api/images/${imageId}/thumb.webp`,
  };
}

/** A photo as `products.photos` keeps it; the URLs follow from the image id. */
const storedPhotoSchema = z.object({ imageId: z.uuid(), fileName: z.string() });
export type StoredPhoto = z.infer<typeof storedPhotoSchema>;

/**
 * The product's photos, main first. A list that no longer parses (an old or hand-edited row)
 * counts as the main photo alone, which `imageId` always names.
 */
export function storedPhotos(
  row: Pick<ProductRow, 'photos' | 'imageId' | 'fileName'>,
): StoredPhoto[] {
  const parsed = z.array(storedPhotoSchema).min(1).safeParse(parseJson(row.photos));
  return parsed.success ? parsed.data : [{ imageId: row.imageId, fileName: row.fileName }];
}

/** The product's image ids in order, main first (what the card shows and stores get). */
export function productImageIds(
  row: Pick<ProductRow, 'photos' | 'imageId' | 'fileName'>,
): string[] {
  return storedPhotos(row).map((photo) => photo.imageId);
}

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** A price that may be absent (a draft with no suggested price) in cents. */
export function toCentsOrNull(dollars: number | null): number | null {
  return dollars === null ? null : toCents(dollars);
}

export function toDollars(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** An ISO time as `toISOString` writes it: already in the form we send. */
const CANONICAL_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** PostgreSQL gives Date objects, SQLite the ISO strings we wrote. */
export function isoString(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  // Parsing and writing it again costs more than the check (an export maps 30,000 of them).
  return CANONICAL_ISO.test(value) ? value : new Date(value).toISOString();
}

const tagsSchema = z.array(z.string());

/** Stored suggestions; one that no longer parses is dropped, the others stay. */
export function storedSuggestions(row: Pick<ProductRow, 'suggestions'>): Suggestion[] {
  const stored: unknown = JSON.parse(row.suggestions);
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = suggestionSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}

/** JSON text that may be malformed (an old or hand-edited row): undefined then. */
function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Stored alternatives, keeping only the valid entries: a bad value must not break the list.
 * Exported for the category choice, which rewrites them.
 */
export function storedAlternatives(row: Pick<ProductRow, 'categoryAlternatives'>): DraftCategory[] {
  const value = parseJson(row.categoryAlternatives);
  if (!Array.isArray(value)) return [];
  return value
    .flatMap((entry) => {
      const parsed = draftCategorySchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    })
    .slice(0, LISTING_DRAFT_LIMITS.categoryAlternativesMax);
}

const EVIDENCE_FIELDS = ['title', 'description', 'category', 'price', 'tags'] as const;

/** Stored evidence, field by field: an invalid field is dropped, the others stay. */
export function storedEvidence(row: Pick<ProductRow, 'fieldEvidence'>): DraftEvidence {
  const value = parseJson(row.fieldEvidence);
  if (typeof value !== 'object' || value === null) return {};
  const evidence: DraftEvidence = {};
  for (const field of EVIDENCE_FIELDS) {
    const stored = (value as Record<string, unknown>)[field];
    // Absent is common and would fail the parse, which builds an error (exports map thousands).
    if (stored === undefined) continue;
    const parsed = fieldEvidenceSchema.safeParse(stored);
    if (parsed.success) evidence[field] = parsed.data;
  }
  return evidence;
}

/**
 * Stored guidance, keeping the valid items, without what the seller has since done: a confirmed
 * category needs no confirming, a product with a title has its name. One item per kind.
 */
export function storedGuidance(
  row: Pick<ProductRow, 'guidance' | 'title' | 'categoryConfirmedAt'>,
): GuidanceItem[] {
  const value = parseJson(row.guidance);
  if (!Array.isArray(value)) return [];
  const items = new Map<GuidanceItem['kind'], GuidanceItem>();
  for (const entry of value) {
    const parsed = guidanceItemSchema.safeParse(entry);
    if (!parsed.success || items.has(parsed.data.kind)) continue;
    if (parsed.data.kind === 'confirm-category' && row.categoryConfirmedAt !== null) continue;
    if (parsed.data.kind === 'name-product' && row.title.trim() !== '') continue;
    items.set(parsed.data.kind, parsed.data);
  }
  return [...items.values()].slice(0, LISTING_DRAFT_LIMITS.guidanceMax);
}

/** The attributes the seller confirmed; a list that no longer parses counts as none. */
export function storedConfirmedAttributes(
  row: Pick<ProductRow, 'confirmedAttributes'>,
): ConfirmedAttribute[] {
  return confirmedAttributesSchema.safeParse(parseJson(row.confirmedAttributes)).data ?? [];
}

/** The product's variants; a value that no longer parses counts as none. */
export function storedVariants(row: Pick<ProductRow, 'variants'>): ProductVariants {
  return productVariantsSchema.safeParse(parseJson(row.variants)).data ?? NO_VARIANTS;
}

/** The fields the seller changed, in a fixed order; unknown names are dropped. */
export function storedEditedFields(row: Pick<ProductRow, 'editedFields'>): EditedField[] {
  const value = parseJson(row.editedFields);
  if (!Array.isArray(value)) return [];
  const known = new Set(value.flatMap((entry) => editedFieldSchema.safeParse(entry).data ?? []));
  return EDITABLE_LISTING_FIELDS.filter((field) => known.has(field));
}

function storedBarcode(barcode: string | null): string | null {
  if (barcode === null) return null;
  const parsed = gtinSchema.safeParse(barcode);
  return parsed.success ? parsed.data : null;
}

function generationOf(row: ProductRow): ProductGeneration {
  if (row.generationState !== 'failed') return { state: row.generationState };
  return {
    state: 'failed',
    message: row.generationErrorMessage ?? GENERIC_GENERATION_FAILURE.message,
    code: row.generationErrorCode ?? GENERIC_GENERATION_FAILURE.code,
    // SQLite answers 0/1, PostgreSQL a boolean.
    retryable: Boolean(row.generationRetryable),
  };
}

export function toProduct(row: ProductRow): Product {
  const photos = storedPhotos(row).map((photo): ProductPhoto => {
    const urls = imageUrls(photo.imageId);
    return { ...photo, url: urls.imageUrl, thumbUrl: urls.thumbnailUrl };
  });
  const { url: imageUrl, thumbUrl: thumbnailUrl } = photos[0]!;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: {
      suggested: toDollars(row.priceCents),
      low: toDollars(row.priceLowCents),
      high: toDollars(row.priceHighCents),
      basis: row.priceBasis,
    },
    category:
      row.categoryId && row.categoryFullName
        ? {
            id: row.categoryId,
            fullName: row.categoryFullName,
            confidence: Number(row.categoryConfidence ?? 0),
          }
        : null,
    categoryAlternatives: storedAlternatives(row),
    barcode: storedBarcode(row.barcode),
    evidence: storedEvidence(row),
    tags: tagsSchema.parse(JSON.parse(row.tags)),
    attributes:
      row.attributes === null ? null : draftAttributesSchema.parse(JSON.parse(row.attributes)),
    altText: row.altText,
    condition: storedCondition(row.condition),
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    guidance: storedGuidance(row),
    editedFields: storedEditedFields(row),
    suggestions: storedSuggestions(row),
    confirmedAttributes: storedConfirmedAttributes(row),
    variants: storedVariants(row),
    photos,
    imageUrl,
    thumbnailUrl,
    images: photos.map((photo) => photo.url),
    fileName: row.fileName,
    status: row.status,
    libraryAddedAt: row.libraryAddedAt === null ? null : isoString(row.libraryAddedAt),
    storeStatus: row.storeStatus,
    publishedTo:
      row.publishedShop && row.publishedAdminUrl
        ? { shopDomain: row.publishedShop, adminUrl: row.publishedAdminUrl }
        : null,
    source: row.sourceShop ? { kind: 'shopify-store', shop: row.sourceShop } : null,
    generation: generationOf(row),
    createdAt: isoString(row.createdAt),
    updatedAt: isoString(row.updatedAt),
  };
}

/** The category the seller confirmed on the review card, or undefined if they did not. */
export function confirmedCategoryOf(
  row: Pick<ProductRow, 'categoryId' | 'categoryFullName' | 'fieldEvidence'>,
): { id: string; fullName: string } | undefined {
  const confirmed = storedEvidence(row).category?.sources.includes(CONFIRMED_CATEGORY_SOURCE);
  return confirmed && row.categoryId && row.categoryFullName
    ? { id: row.categoryId, fullName: row.categoryFullName }
    : undefined;
}
