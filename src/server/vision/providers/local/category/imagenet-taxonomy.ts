/**
 * What an ImageNet class means for a listing: the Shopify taxonomy category a product showing it
 * belongs to, and a product noun that is true of anything in the class ('hat' for 'sombrero',
 * so a straw fedora the model calls a sombrero is still titled honestly).
 *
 * The table (./imagenet-taxonomy.json) was written from the meaning of the 1,000 ImageNet
 * classes, not from any test photo: the product-like ones (clothing, bags, shoes, electronics,
 * kitchen, furniture, toys, sports, tools, cosmetics, food, instruments, …) map to a category;
 * animals, scenes, vehicles, weapons and materials ('velvet', 'chain mail') map to nothing.
 *
 * A few classes also name look-alikes: categories whose products the class's photos commonly
 * show, with the share of the class's score they get ('cup' covers teacups and mugs alike;
 * 'sweatshirt' photos are often hoodies). The shares split the score, never add to it, so a
 * class says no more in total than the model did.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export interface ClassCategoryShare {
  /** Short Shopify taxonomy id, e.g. 'lb-1'. */
  categoryId: string;
  /** Share of the class's score this category gets, 0..1; the shares of a class sum to 1. */
  share: number;
  /** Lower-case product noun for titles ('backpack', 'sunglasses'). */
  noun: string;
}

export interface ImagenetClassMeaning {
  index: number;
  /** The class's simple label, as the model's label file spells it. */
  label: string;
  /** Short Shopify taxonomy id of the class's own category, e.g. 'lb-1'. */
  categoryId: string;
  /** Lower-case product noun for titles ('backpack', 'sunglasses'). */
  noun: string;
  /** Where its score goes: its own category first, then any look-alikes. */
  shares: readonly ClassCategoryShare[];
}

export type ImagenetTaxonomyMap = ReadonlyMap<number, ImagenetClassMeaning>;

/**
 * A meaning's own category and the look-alikes ([short id, share, noun]) it splits its weight
 * with: the own category keeps what they leave and must keep the largest share, as it is what the
 * class or word means. Undefined when the look-alikes break that. Shared with the label keywords.
 */
export function splitShares(
  categoryId: string,
  noun: string,
  lookAlikes: readonly (readonly [string, number, string])[],
): ClassCategoryShare[] | undefined {
  const others = lookAlikes.map(([id, share, otherNoun]) => ({
    categoryId: id,
    share,
    noun: otherNoun,
  }));
  const own = 1 - others.reduce((sum, other) => sum + other.share, 0);
  if (others.some((other) => other.share >= own || other.categoryId === categoryId)) {
    return undefined;
  }
  return [{ categoryId, share: own, noun }, ...others];
}

const CLASS_COUNT = 1000;

const categoryIdSchema = z.string().regex(/^[a-z]{2}(-\d+)*$/);

const classIndexSchema = z
  .number()
  .int()
  .min(0)
  .max(CLASS_COUNT - 1);
/** [class index, ImageNet label, short category id, product noun]. */
const rowStart = [
  classIndexSchema,
  z.string().min(1),
  categoryIdSchema,
  z.string().min(1),
] as const;
/** Look-alikes: [short id, share of the class's score, noun]. */
const lookAlikesSchema = z
  .array(z.tuple([categoryIdSchema, z.number().gt(0).lt(1), z.string().min(1)]))
  .min(1);

const dataFileSchema = z.object({
  classes: z.array(z.union([z.tuple([...rowStart]), z.tuple([...rowStart, lookAlikesSchema])])),
});

/** Parses the table; a class listed twice is a mistake in the data, not a choice. */
export function parseImagenetTaxonomy(data: unknown): ImagenetTaxonomyMap {
  const parsed = dataFileSchema.parse(data);
  const map = new Map<number, ImagenetClassMeaning>();
  for (const [index, label, categoryId, noun, lookAlikes = []] of parsed.classes) {
    if (map.has(index)) throw new Error(`imagenet-taxonomy: class ${index} is listed twice`);
    const shares = splitShares(categoryId, noun, lookAlikes);
    if (!shares) throw new Error(`imagenet-taxonomy: class ${index} gives a look-alike too much`);
    map.set(index, {
      index,
      label,
      categoryId,
      noun,
      shares,
    });
  }
  return map;
}

let shipped: ImagenetTaxonomyMap | undefined;

/** The shipped table, read once. */
export function loadImagenetTaxonomy(): ImagenetTaxonomyMap {
  shipped ??= parseImagenetTaxonomy(
    JSON.parse(readFileSync(new URL('./imagenet-taxonomy.json', import.meta.url), 'utf8')),
  );
  return shipped;
}
