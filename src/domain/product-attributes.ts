/**
 * Attributes a seller confirms in a click (issue 13): for the product's category, its most
 * useful attributes from the Shopify taxonomy with their values, plus brand (condition is a field,
 * src/domain/product-condition.ts). A
 * confirmed attribute is the seller's: it flows into the title, the description's list, tags and
 * alt text of a draft written again, and so into exports.
 *
 * Route: GET /api/taxonomy/categories/:id/attributes → {@link CategoryAttributesResponse}
 * (`:id` a taxonomy id or GID). PATCH /api/product/:id takes `attributes` (the whole list).
 */
import { z } from 'zod';
import { hasControlCharacters } from './text-input';

export const PRODUCT_ATTRIBUTE_LIMITS = { count: 10, textMax: 80 } as const;

/** Asked of every product whatever its category; brand is pre-filled from the label. */
export const BRAND_ATTRIBUTE = 'Brand';
export const CONDITION_ATTRIBUTE = 'Condition';
/** A taxonomy attribute the feeds read when the seller confirmed it. */
export const MATERIAL_ATTRIBUTE = 'Material';

const attributeText = z
  .string()
  .transform((text) => text.normalize('NFC').replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1).max(PRODUCT_ATTRIBUTE_LIMITS.textMax));

export const confirmedAttributeSchema = z.object({
  name: attributeText,
  value: attributeText,
});
export type ConfirmedAttribute = z.infer<typeof confirmedAttributeSchema>;

/** At most 10, one value per name (case does not matter), no control characters anywhere. */
export const confirmedAttributesSchema = z
  .array(
    z
      .object({
        name: z.string().refine((text) => !hasControlCharacters(text), 'control characters'),
        value: z.string().refine((text) => !hasControlCharacters(text), 'control characters'),
      })
      .strict()
      .pipe(confirmedAttributeSchema),
  )
  .max(PRODUCT_ATTRIBUTE_LIMITS.count)
  .refine(
    (list) => new Set(list.map((entry) => entry.name.toLowerCase())).size === list.length,
    'one value per attribute',
  );

export const categoryAttributeSchema = z.object({
  name: z.string(),
  /** Suggested values; the seller may type another one. */
  values: z.array(z.string()),
});
export type CategoryAttribute = z.infer<typeof categoryAttributeSchema>;

export const categoryAttributesResponseSchema = z.object({
  attributes: z.array(categoryAttributeSchema),
});

/** The confirmed value of an attribute, by name (case does not matter), or null. */
export function attributeValue(
  attributes: readonly ConfirmedAttribute[],
  name: string,
): string | null {
  const wanted = name.toLowerCase();
  return attributes.find((entry) => entry.name.toLowerCase() === wanted)?.value ?? null;
}

/** The list with `name` set to `value`, or without it when `value` is null. */
export function withAttribute(
  list: readonly ConfirmedAttribute[],
  name: string,
  value: string | null,
): ConfirmedAttribute[] {
  const others = list.filter((entry) => entry.name.toLowerCase() !== name.toLowerCase());
  return value === null ? others : [...others, { name, value }];
}

/** Whether two lists hold the same names and values (order does not matter). */
export function sameAttributes(
  a: readonly ConfirmedAttribute[],
  b: readonly ConfirmedAttribute[],
): boolean {
  const key = (list: readonly ConfirmedAttribute[]) =>
    list
      .map((entry) => `${entry.name.toLowerCase()}\u0000${entry.value}`)
      .sort()
      .join('\u0001');
  return key(a) === key(b);
}
