/**
 * Each category's most useful attributes from the shipped Shopify taxonomy
 * (./shopify-taxonomy/attributes.json, built by scripts/build-taxonomy-data.ts), with a bounded
 * list of values each, plus brand, which every product has (condition is a field of its own).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { BRAND_ATTRIBUTE, type CategoryAttribute } from '#domain/product-attributes.js';

const attributesFileSchema = z.object({
  categories: z.record(z.string(), z.array(z.number().int().min(0))),
  attributes: z.array(z.tuple([z.string().min(1), z.number().int().min(0)])),
  values: z.array(z.array(z.string())),
});
type AttributesFile = z.infer<typeof attributesFileSchema>;

let shipped: AttributesFile | undefined;

function attributesFile(): AttributesFile {
  shipped ??= attributesFileSchema.parse(
    JSON.parse(
      readFileSync(new URL('./shopify-taxonomy/attributes.json', import.meta.url), 'utf8'),
    ),
  );
  return shipped;
}

/** 'Clothing accessory material' → 'Material': the seller sees the plain word. */
function plainName(name: string): string {
  const last = name.split(' ').at(-1)!;
  const plain = ['material', 'size', 'color'].includes(last.toLowerCase()) ? last : name;
  return plain.charAt(0).toUpperCase() + plain.slice(1);
}

/**
 * The attributes for a category (short id, e.g. 'aa-2-6'): its own when the file lists them,
 * else the nearest ancestor's; then brand and condition.
 */
export function categoryAttributes(shortId: string): CategoryAttribute[] {
  const file = attributesFile();
  let id: string | null = shortId;
  let indexes: number[] | undefined;
  while (id !== null && indexes === undefined) {
    indexes = file.categories[id];
    const cut = id.lastIndexOf('-');
    id = cut === -1 ? null : id.slice(0, cut);
  }
  const named = new Set<string>();
  const fromTaxonomy = (indexes ?? []).flatMap((index) => {
    const attribute = file.attributes[index];
    if (!attribute) return [];
    const [name, list] = attribute;
    // Two materials ('Blade material', 'Handle material') cannot both be 'Material': the
    // second keeps its own name, so the card never shows one name twice.
    const plain = plainName(name);
    const shown = named.has(plain) ? name.charAt(0).toUpperCase() + name.slice(1) : plain;
    named.add(shown);
    return [{ name: shown, values: file.values[list] ?? [] }];
  });
  return [
    ...fromTaxonomy,
    // Condition is the product's own field (issue 26), edited beside the price.
    { name: BRAND_ATTRIBUTE, values: [] },
  ];
}
