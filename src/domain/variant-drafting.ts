/**
 * Variants drafted from what is known about one product (ADR 022), never a fixed set: the spec's
 * 'Classic Brown' / 'Glass Amber Bottle' defaults were placeholder data.
 *
 * - Size: the value the seller confirmed; else a size run when the category is clothing (XS–XL)
 *   or shoes (US 6–11) and the taxonomy gives it a size, except baby and toddler categories,
 *   whose sizes are ages. No other category gets sizes invented (a mug has none).
 * - Color: the seller's confirmed colour, else the main colour read from the photo.
 * - Material: only the seller's confirmed material.
 * An option with one value only labels the rows, so options are drafted only when one of them
 * has several values; otherwise the product has nothing to vary and no variants.
 */
import { attributeValue, type ConfirmedAttribute } from './product-attributes';
import { cleanVariantText, NO_VARIANTS, withOptions, type ProductVariants } from './variants';

export const APPAREL_SIZE_RUN = ['XS', 'S', 'M', 'L', 'XL'] as const;
export const SHOE_SIZE_RUN = ['6', '7', '8', '9', '10', '11'] as const;

/** Shopify taxonomy short ids (the part after the GID's last '/'). */
const CLOTHING = 'aa-1';
const SHOES = 'aa-8';
const AGE_SIZED = ['aa-1-2', 'aa-8-2']; // Baby & Toddler Clothing, Baby & Toddler Shoes

export interface VariantFacts {
  /** The product's category id (short id or GID), or null. */
  categoryId: string | null;
  /** Names of the category's taxonomy attributes (as the attribute chips show them). */
  categoryAttributeNames: readonly string[];
  /** Colours read from the photo, main first. */
  photoColors: readonly string[];
  confirmedAttributes: readonly ConfirmedAttribute[];
}

function shortId(categoryId: string): string {
  return categoryId.slice(categoryId.lastIndexOf('/') + 1);
}

function within(id: string, ancestor: string): boolean {
  return id === ancestor || id.startsWith(`${ancestor}-`);
}

/** The size run a category's products usually come in, or none. */
export function sizeRunFor(
  categoryId: string | null,
  categoryAttributeNames: readonly string[],
): readonly string[] {
  if (categoryId === null) return [];
  if (!categoryAttributeNames.some((name) => name.toLowerCase() === 'size')) return [];
  const id = shortId(categoryId);
  if (AGE_SIZED.some((ancestor) => within(id, ancestor))) return [];
  if (within(id, CLOTHING)) return APPAREL_SIZE_RUN;
  if (within(id, SHOES)) return SHOE_SIZE_RUN;
  return [];
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function draftVariants(facts: VariantFacts): ProductVariants {
  const confirmed = (name: string) => {
    const value = attributeValue(facts.confirmedAttributes, name);
    return value === null ? null : cleanVariantText(value);
  };
  const confirmedSize = confirmed('Size');
  const sizes = confirmedSize
    ? [confirmedSize]
    : [...sizeRunFor(facts.categoryId, facts.categoryAttributeNames)];
  const photoColor = facts.photoColors[0] ? capitalise(cleanVariantText(facts.photoColors[0])) : '';
  const color = confirmed('Color') ?? confirmed('Colour') ?? (photoColor || null);
  const material = confirmed('Material');

  const options = [
    { name: 'Size', values: sizes },
    { name: 'Color', values: color ? [color] : [] },
    { name: 'Material', values: material ? [material] : [] },
  ].filter((option) => option.values.length > 0);
  if (!options.some((option) => option.values.length > 1)) return NO_VARIANTS;
  return withOptions(NO_VARIANTS, options);
}
