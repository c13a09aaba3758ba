/**
 * The sample catalogue of a sandbox shop (issue 25): what a new seller finds to import when they
 * connect the sandbox store. Realistic on purpose: thin descriptions, some products without SEO
 * fields, alt text or tags, one in capitals, a few with variants, one draft, one archived.
 */

export interface SampleProduct {
  title: string;
  productType: string;
  description: string;
  tags: string[];
  seo?: { title: string; description: string };
  /** A taxonomy category GID, as a merchant who set one has it. */
  category?: string;
  status?: 'DRAFT' | 'ARCHIVED';
  price: string;
  /** The option and its values: one variant per value, priced alike. */
  option?: { name: string; values: string[] };
  /** Alt text of the product's image; none when absent. */
  alt?: string;
  /** The image's colour (each sample has one plain image the sandbox serves itself). */
  colour: string;
}

export const SANDBOX_SAMPLE: readonly SampleProduct[] = [
  {
    title: 'Stoneware Mug',
    productType: 'Mugs',
    description: '<p>Nice mug.</p>',
    tags: ['mug', 'kitchen'],
    category: 'gid://shopify/TaxonomyCategory/hg-11-10-5-5',
    price: '18.00',
    alt: 'Grey stoneware mug',
    colour: '#9ca3af',
  },
  {
    title: 'Linen Tea Towel',
    productType: 'Kitchen Textiles',
    description: '<p>Linen. Washable.</p>',
    tags: [],
    price: '12.00',
    option: { name: 'Color', values: ['Natural', 'Sage', 'Rust'] },
    colour: '#d6d3d1',
  },
  {
    title: 'BEESWAX CANDLE',
    productType: 'Candles',
    description: '',
    tags: ['candle'],
    price: '22.00',
    colour: '#facc15',
  },
  {
    title: 'Walnut Serving Board',
    productType: 'Serving Boards',
    description: '<p>Hand finished walnut board with juice groove. Oil monthly.</p>',
    tags: ['wood', 'kitchen', 'gift'],
    seo: { title: 'Walnut Serving Board', description: 'Hand finished walnut serving board.' },
    price: '65.00',
    option: { name: 'Size', values: ['Small', 'Large'] },
    alt: 'Walnut board on a table',
    colour: '#78350f',
  },
  {
    title: 'Ceramic Planter',
    productType: 'Planters',
    description: '<p>For plants.</p>',
    tags: [],
    price: '30.00',
    colour: '#a3e635',
  },
  {
    title: 'Wool Throw Blanket',
    productType: 'Blankets',
    description: '<p>Warm.</p>',
    tags: ['home'],
    price: '120.00',
    option: { name: 'Color', values: ['Oatmeal', 'Charcoal'] },
    colour: '#57534e',
  },
  {
    title: 'Brass Bottle Opener',
    productType: 'Bar Tools',
    description: '',
    tags: [],
    price: '15.00',
    alt: 'Brass opener',
    colour: '#ca8a04',
  },
  {
    title: 'Handmade Soap Bar',
    productType: 'Soap',
    description: '<p>Lavender soap. 100g.</p>',
    tags: ['soap', 'lavender', 'bath'],
    price: '8.50',
    option: { name: 'Scent', values: ['Lavender', 'Cedar', 'Unscented'] },
    colour: '#c4b5fd',
  },
  {
    title: 'Leather Card Holder',
    productType: 'Wallets',
    description: '<p>Holds cards.</p>',
    tags: [],
    seo: { title: '', description: '' },
    price: '35.00',
    colour: '#92400e',
  },
  {
    title: 'Glass Carafe',
    productType: 'Carafes',
    description: '<p>1 litre glass carafe with cork stopper.</p>',
    tags: ['glass'],
    price: '28.00',
    alt: 'Clear glass carafe',
    colour: '#e0f2fe',
  },
  {
    title: 'Cotton Tote Bag',
    productType: 'Bags',
    description: '<p>Bag.</p>',
    tags: ['bag'],
    price: '16.00',
    colour: '#fef3c7',
  },
  {
    title: 'Enamel Pin',
    productType: 'Pins',
    description: '',
    tags: [],
    price: '9.00',
    status: 'DRAFT',
    colour: '#f43f5e',
  },
  {
    title: 'Rattan Basket',
    productType: 'Baskets',
    description: '<p>Woven basket for storage.</p>',
    tags: ['storage'],
    price: '42.00',
    option: { name: 'Size', values: ['S', 'M', 'L'] },
    colour: '#d97706',
  },
  {
    title: 'Terracotta Vase',
    productType: 'Vases',
    description: '<p>Vase.</p>',
    tags: [],
    price: '38.00',
    alt: 'Terracotta vase',
    colour: '#c2410c',
  },
  {
    title: 'Organic Coffee Beans',
    productType: 'Coffee',
    description: '<p>Medium roast.</p>',
    tags: ['coffee'],
    price: '14.00',
    option: { name: 'Weight', values: ['250g', '1kg'] },
    colour: '#44403c',
  },
  {
    title: 'Silk Scarf',
    productType: 'Scarves',
    description: '',
    tags: [],
    price: '55.00',
    colour: '#db2777',
  },
  {
    title: 'Oak Wall Shelf',
    productType: 'Shelves',
    description: '<p>Solid oak shelf, 60 cm, brackets included.</p>',
    tags: ['wood', 'home'],
    seo: { title: 'Oak Wall Shelf 60 cm', description: 'Solid oak wall shelf with brackets.' },
    price: '75.00',
    alt: 'Oak shelf on a white wall',
    colour: '#b45309',
  },
  {
    title: 'Recycled Notebook',
    productType: 'Notebooks',
    description: '<p>A5.</p>',
    tags: [],
    price: '11.00',
    colour: '#65a30d',
  },
  {
    title: 'Copper Watering Can',
    productType: 'Watering Cans',
    description: '<p>Small copper can.</p>',
    tags: ['garden'],
    price: '48.00',
    status: 'ARCHIVED',
    colour: '#ea580c',
  },
  {
    title: 'Merino Beanie',
    productType: 'Hats',
    description: '<p>Soft hat.</p>',
    tags: [],
    price: '32.00',
    option: { name: 'Color', values: ['Navy', 'Forest', 'Grey'] },
    colour: '#1e3a8a',
  },
  {
    title: 'Porcelain Bowl Set',
    productType: 'Bowls',
    description: '<p>Set of 4.</p>',
    tags: ['kitchen'],
    price: '44.00',
    alt: 'Four white bowls',
    colour: '#f5f5f4',
  },
  {
    title: 'Jute Doormat',
    productType: 'Doormats',
    description: '',
    tags: [],
    price: '26.00',
    colour: '#a16207',
  },
  {
    title: 'Scented Reed Diffuser',
    productType: 'Home Fragrance',
    description: '<p>Fig and cedar. Lasts about 3 months.</p>',
    tags: ['fragrance'],
    price: '29.00',
    colour: '#7c3aed',
  },
  {
    title: 'Bamboo Utensil Set',
    productType: 'Kitchen Utensils',
    description: '<p>Spoon, spatula, tongs.</p>',
    tags: [],
    price: '19.00',
    colour: '#bef264',
  },
];
