/**
 * The sandbox eBay's own small category tree (the embedded default, ADR 049): a few categories
 * a reseller's photos land in, each with aspects as the Taxonomy API describes them — Belts and
 * Handbags require Brand (as eBay's own do), a free-text or selection-only aspect each — and a
 * catch-all. Suggestions match the words of the query against each category's words.
 */
export interface SandboxCategory {
  id: string;
  name: string;
  /** Parent first, as a path; the leaf is `name`. */
  ancestors: string[];
  words: string[];
  aspects: {
    localizedAspectName: string;
    aspectConstraint: {
      aspectRequired: boolean;
      aspectMode: 'FREE_TEXT' | 'SELECTION_ONLY';
      itemToAspectCardinality: 'SINGLE' | 'MULTI';
      aspectDataType: 'STRING';
      aspectUsage: 'RECOMMENDED' | 'OPTIONAL';
    };
    aspectValues: { localizedValue: string }[];
  }[];
}

export const SANDBOX_TREE = { categoryTreeId: '0', categoryTreeVersion: 'sandbox-1' } as const;

const aspect = (
  name: string,
  required: boolean,
  values: string[] = [],
  mode: 'FREE_TEXT' | 'SELECTION_ONLY' = 'FREE_TEXT',
): SandboxCategory['aspects'][number] => ({
  localizedAspectName: name,
  aspectConstraint: {
    aspectRequired: required,
    aspectMode: mode,
    itemToAspectCardinality: 'SINGLE',
    aspectDataType: 'STRING',
    aspectUsage: required ? 'RECOMMENDED' : 'OPTIONAL',
  },
  aspectValues: values.map((localizedValue) => ({ localizedValue })),
});

const COLORS = ['Black', 'Blue', 'Brown', 'Gray', 'Green', 'Multicolor', 'Red', 'Tan', 'White'];

export const SANDBOX_CATEGORIES: SandboxCategory[] = [
  {
    id: '2993',
    name: 'Belts',
    ancestors: ['Clothing, Shoes & Accessories', 'Men', 'Men’s Accessories'],
    words: ['belt', 'belts', 'buckle', 'leather'],
    aspects: [
      aspect('Brand', true, ['Unbranded', 'Levi’s', 'Fossil', 'Coach']),
      aspect('Size', false),
      aspect('Color', false, COLORS),
      aspect('Material', false, ['Leather', 'Canvas', 'Fabric']),
    ],
  },
  {
    id: '169291',
    name: 'Handbags & Purses',
    ancestors: ['Clothing, Shoes & Accessories', 'Women', 'Women’s Bags & Handbags'],
    words: ['bag', 'bags', 'handbag', 'purse', 'tote', 'satchel', 'clutch'],
    aspects: [
      aspect('Brand', true, ['Unbranded', 'Coach', 'Michael Kors', 'Kate Spade']),
      aspect('Department', true, ['Women', 'Men', 'Unisex Adults'], 'SELECTION_ONLY'),
      aspect('Color', false, COLORS),
      aspect('Material', false, ['Leather', 'Canvas', 'Nylon']),
    ],
  },
  {
    id: '20657',
    name: 'Mugs',
    ancestors: ['Home & Garden', 'Kitchen, Dining & Bar', 'Dinnerware & Serving'],
    words: ['mug', 'mugs', 'cup', 'cups', 'coffee', 'tea', 'ceramic', 'drinkware'],
    aspects: [aspect('Brand', false), aspect('Color', false, COLORS), aspect('Material', false)],
  },
  {
    id: '99',
    name: 'Other',
    ancestors: ['Everything Else'],
    words: [],
    aspects: [aspect('Brand', false)],
  },
];

/** Best matches first (words in common), the catch-all last. */
export function suggestCategories(q: string): SandboxCategory[] {
  const words = new Set(
    q
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );
  const scored = SANDBOX_CATEGORIES.map((category) => ({
    category,
    score: category.words.filter((word) => words.has(word)).length,
  }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ category }) => category);
  return [...scored, SANDBOX_CATEGORIES.at(-1)!];
}

export const sandboxCategory = (id: string) =>
  SANDBOX_CATEGORIES.find((category) => category.id === id);
