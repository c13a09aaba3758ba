/**
 * A product's condition (issue 26): new, used or refurbished, as Google Merchant Center and most
 * marketplaces name it. Null means the seller has not said: nothing is assumed, and the channels
 * that need it say so. A seller who confirmed the 'Condition' attribute before it was a field of
 * its own has said it there; {@link productCondition} reads either.
 */
import { z } from 'zod';
import { attributeValue, CONDITION_ATTRIBUTE, type ConfirmedAttribute } from './product-attributes';

export const PRODUCT_CONDITIONS = ['new', 'used', 'refurbished'] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];
export const productConditionSchema = z.enum(PRODUCT_CONDITIONS);

export const CONDITION_LABELS: Record<ProductCondition, string> = {
  new: 'New',
  used: 'Used',
  refurbished: 'Refurbished',
};

/** The stored column's value read leniently: anything else is 'not stated'. */
export function storedCondition(value: string | null | undefined): ProductCondition | null {
  const parsed = productConditionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The condition the seller stated: the field, else a confirmed 'Condition' attribute. */
export function productCondition(product: {
  condition: ProductCondition | null;
  confirmedAttributes: readonly ConfirmedAttribute[];
}): ProductCondition | null {
  if (product.condition) return product.condition;
  const confirmed = attributeValue(product.confirmedAttributes, CONDITION_ATTRIBUTE);
  return storedCondition(confirmed?.toLowerCase());
}
