/**
 * What a category tells the copy without any evidence: its vertical (apparel, footwear, food, …),
 * which picks the description's structure and what the seller is asked to add, and its purpose
 * ('for brewing and serving tea'), which is true of everything filed under the branch. Both
 * come from the taxonomy path alone, so they state nothing about the photographed product that
 * its category does not already say. The longest matching path prefix wins.
 */

export type Vertical =
  | 'apparel'
  | 'footwear'
  | 'bags'
  | 'jewellery'
  | 'home'
  | 'furniture'
  | 'beauty'
  | 'food'
  | 'electronics'
  | 'tools'
  | 'toys'
  | 'sports'
  | 'media'
  | 'pet'
  | 'baby'
  | 'general';

export const VERTICALS: [prefix: string, vertical: Vertical][] = [
  ['Apparel & Accessories > Shoes', 'footwear'],
  ['Apparel & Accessories > Jewelry', 'jewellery'],
  ['Apparel & Accessories > Handbags, Wallets & Cases', 'bags'],
  ['Apparel & Accessories', 'apparel'],
  ['Luggage & Bags', 'bags'],
  ['Home & Garden', 'home'],
  ['Furniture', 'furniture'],
  ['Health & Beauty', 'beauty'],
  ['Food, Beverages & Tobacco', 'food'],
  ['Electronics', 'electronics'],
  ['Cameras & Optics', 'electronics'],
  ['Hardware', 'tools'],
  ['Toys & Games', 'toys'],
  ['Sporting Goods', 'sports'],
  ['Media', 'media'],
  ['Animals & Pet Supplies', 'pet'],
  ['Baby & Toddler', 'baby'],
];

/** What a branch's products are for, as a phrase after the noun ('a mug for …'). */
export const PURPOSES: [prefix: string, purpose: string][] = [
  ['Apparel & Accessories > Clothing > Sleepwear & Loungewear', 'for sleeping and lounging'],
  ['Apparel & Accessories > Clothing > Swimwear', 'for the pool and the beach'],
  ['Apparel & Accessories > Clothing Accessories > Sunglasses', 'to shade your eyes from the sun'],
  ['Apparel & Accessories > Shoes > Athletic Shoes', 'for sport and active days'],
  ['Apparel & Accessories > Shoes > Slippers', 'for wearing around the house'],
  ['Apparel & Accessories > Jewelry > Watches', 'for telling the time'],
  ['Apparel & Accessories > Handbags, Wallets & Cases', 'for carrying your essentials'],
  ['Luggage & Bags', 'for carrying your things'],
  ['Luggage & Bags > Backpacks', 'for carrying your things on your back'],
  ['Home & Garden > Kitchen & Dining > Tableware', 'for the table'],
  ['Home & Garden > Kitchen & Dining > Tableware > Drinkware', 'for serving drinks'],
  ['Home & Garden > Kitchen & Dining > Tableware > Drinkware > Mugs', 'for hot drinks'],
  ['Home & Garden > Kitchen & Dining > Tableware > Serveware', 'for serving food and drinks'],
  [
    'Home & Garden > Kitchen & Dining > Tableware > Coffee & Tea Sets',
    'for serving coffee and tea',
  ],
  [
    'Home & Garden > Kitchen & Dining > Tableware > Coffee Servers & Teapots',
    'for serving coffee and tea',
  ],
  [
    'Home & Garden > Kitchen & Dining > Tableware > Coffee Servers & Teapots > Teapots',
    'for brewing and serving tea',
  ],
  ['Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware', 'for cooking'],
  ['Home & Garden > Kitchen & Dining > Cookware & Bakeware > Bakeware', 'for baking'],
  ['Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils', 'for preparing food'],
  ['Home & Garden > Kitchen & Dining > Food Storage', 'for storing food'],
  ['Home & Garden > Kitchen & Dining > Food & Beverage Carriers', 'for food and drinks on the go'],
  ['Home & Garden > Lighting', 'to light a room'],
  ['Home & Garden > Decor', 'to decorate your home'],
  ['Home & Garden > Decor > Clocks', 'for telling the time'],
  ['Home & Garden > Decor > Vases', 'for displaying flowers'],
  ['Home & Garden > Decor > Home Fragrances', 'to scent a room'],
  ['Home & Garden > Linens & Bedding > Bedding', 'for the bedroom'],
  ['Home & Garden > Household Supplies > Storage & Organization', 'for keeping things in order'],
  ['Furniture', 'to furnish your home'],
  ['Furniture > Chairs', 'for seating'],
  ['Furniture > Sofas', 'for seating'],
  ['Health & Beauty > Personal Care > Oral Care', 'for oral care'],
  ['Health & Beauty > Personal Care > Hair Care', 'for hair care'],
  ['Health & Beauty > Personal Care > Cosmetics > Skin Care', 'for your skin care routine'],
  ['Health & Beauty > Personal Care > Cosmetics > Makeup', 'for your makeup bag'],
  ['Food, Beverages & Tobacco > Beverages > Coffee', 'for brewing coffee'],
  ['Food, Beverages & Tobacco > Beverages > Tea & Infusions', 'for brewing tea'],
  ['Food, Beverages & Tobacco > Food Items > Snack Foods', 'for snacking'],
  ['Food, Beverages & Tobacco > Food Items > Candy & Chocolate', 'for a sweet treat'],
  ['Cameras & Optics > Cameras', 'for taking pictures'],
  ['Electronics > Audio', 'for listening'],
  ['Media > Books', 'for reading'],
  ['Toys & Games > Games', 'for game night'],
  ['Toys & Games > Puzzles', 'for puzzling'],
  ['Toys & Games > Toys', 'for play'],
  ['Arts & Entertainment > Hobbies & Creative Arts > Musical Instruments', 'for making music'],
  ['Sporting Goods', 'for sport and the outdoors'],
  ['Animals & Pet Supplies > Pet Supplies', 'for your pet'],
  ['Animals & Pet Supplies > Pet Supplies > Dog Supplies', 'for your dog'],
  ['Animals & Pet Supplies > Pet Supplies > Cat Supplies', 'for your cat'],
  ['Baby & Toddler', 'for babies and toddlers'],
  ['Baby & Toddler > Nursing & Feeding', 'for feeding time'],
  ['Office Supplies', 'for the desk and the office'],
];

function longestPrefix<T>(table: readonly [string, T][], fullName: string): T | undefined {
  let best: [string, T] | undefined;
  for (const entry of table) {
    const [prefix] = entry;
    const within = fullName === prefix || fullName.startsWith(`${prefix} > `);
    if (within && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

export function verticalOf(fullName: string): Vertical {
  return longestPrefix(VERTICALS, fullName) ?? 'general';
}

/** The category's purpose, or null when its branch has none in the table. */
export function purposeOf(fullName: string): string | null {
  return longestPrefix(PURPOSES, fullName) ?? null;
}
