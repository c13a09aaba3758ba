/** Turns a products row into the API's Product (src/domain/products.ts), and back for drafts. */
import type { Selectable } from 'kysely';
import type { ListingDraft } from '../../domain/listing-draft.js';
import { draftAttributesSchema } from '../../domain/listing-draft.js';
import type { Product, ProductGeneration } from '../../domain/products.js';
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

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

function toDollars(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** PostgreSQL gives Date objects, SQLite the ISO strings we wrote. */
function isoString(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

const tagsSchema = z.array(z.string());

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
  const { imageUrl, thumbnailUrl } = imageUrls(row.imageId);
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
    tags: tagsSchema.parse(JSON.parse(row.tags)),
    attributes:
      row.attributes === null ? null : draftAttributesSchema.parse(JSON.parse(row.attributes)),
    altText: row.altText,
    imageUrl,
    thumbnailUrl,
    images: [imageUrl],
    fileName: row.fileName,
    status: 'draft',
    generation: generationOf(row),
    createdAt: isoString(row.createdAt),
    updatedAt: isoString(row.updatedAt),
  };
}

/** The columns a generated draft fills in. */
export function draftColumns(draft: ListingDraft) {
  return {
    title: draft.title,
    description: draft.description,
    priceCents: toCents(draft.price.suggested),
    priceLowCents: toCents(draft.price.low),
    priceHighCents: toCents(draft.price.high),
    priceBasis: draft.price.basis,
    categoryId: draft.category.id,
    categoryFullName: draft.category.fullName,
    categoryConfidence: draft.category.confidence,
    tags: JSON.stringify(draft.tags),
    attributes: JSON.stringify(draft.attributes),
    altText: draft.altText,
  };
}
