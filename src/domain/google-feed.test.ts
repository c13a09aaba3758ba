import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { feedExclusion, googleFeedWriter, googleItems, xmlEscape } from './google-feed';
import type { ExportProduct } from './product';

const LINK = 'https://myshop.example/products/';
const channel = { title: 'Listsmith products', link: 'https://listsmith.test', currency: 'USD' };

const products: ExportProduct[] = [
  {
    id: 'p-mug',
    title: 'Stoneware Mug <b>Limited</b>',
    description: 'Hand-thrown & glazed.\n\nHolds 350 ml\tof "tea".',
    price: 18,
    images: ['https://cdn.test/mug-1.jpg', 'https://cdn.test/mug-2.jpg'],
    category: { fullName: 'Home & Garden > Kitchen & Dining > Drinkware > Mugs' },
    barcode: '4006381333931',
    condition: 'new',
    color: 'Blue',
    material: 'Stoneware',
  },
  {
    id: 'p-shirt',
    title: 'Linen Shirt',
    description: 'Washed linen.',
    price: 60,
    images: ['https://cdn.test/shirt.jpg'],
    brand: 'Atelier Nord',
    condition: 'used',
    variants: [
      {
        options: [
          { name: 'Colour', value: 'Sand' },
          { name: 'Size', value: 'M' },
          { name: 'Gender', value: 'Unisex' },
        ],
        barcode: '12345670',
      },
      {
        options: [
          { name: 'Colour', value: 'Ink' },
          { name: 'Size', value: 'L' },
          { name: 'Gender', value: 'Everyone' },
        ],
        price: 64,
      },
    ],
  },
  // No brand, GTIN or condition: in the feed with identifier_exists no.
  {
    id: 'p-bowl',
    title: 'Bowl',
    description: 'A bowl.',
    price: 9.5,
    images: ['https://cdn.test/b.jpg'],
  },
];

function feed(format: 'tsv' | 'xml', list = products): string {
  const writer = googleFeedWriter(format, channel);
  return (
    writer.header +
    list.map((product) => writer.product(product, `${LINK}${product.id}`)).join('') +
    writer.footer
  );
}

describe('Google Merchant Center feed', () => {
  it('TSV matches the golden file', async () => {
    await expect(feed('tsv')).toMatchFileSnapshot('./test-support/golden/google-products.tsv');
  });

  it('XML matches the golden file', async () => {
    await expect(feed('xml')).toMatchFileSnapshot('./test-support/golden/google-products.xml');
  });

  it('XML is well formed RSS 2.0 with the g: namespace, and parses back', () => {
    const xml = feed('xml');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
    expect(parsed.rss['@_version']).toBe('2.0');
    expect(parsed.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    const items = parsed.rss.channel.item as Record<string, unknown>[];
    expect(items.map((item) => item['g:id'])).toEqual([
      'p-mug',
      'p-shirt_1',
      'p-shirt_2',
      'p-bowl',
    ]);
    expect(items[0]).toMatchObject({
      'g:title': 'Stoneware Mug Limited',
      'g:description': 'Hand-thrown & glazed. Holds 350 ml of "tea".',
      'g:price': '18.00 USD',
      'g:gtin': '4006381333931',
      'g:additional_image_link': 'https://cdn.test/mug-2.jpg',
      'g:condition': 'new',
    });
    expect(items[1]).toMatchObject({
      'g:item_group_id': 'p-shirt',
      'g:color': 'Sand',
      'g:size': 'M',
      'g:gender': 'unisex',
      'g:brand': 'Atelier Nord',
      'g:gtin': '12345670',
    });
    // 'Everyone' is not one of Google's genders: left out, not guessed.
    expect(items[2]).not.toHaveProperty('g:gender');
    expect(items[3]).toMatchObject({ 'g:identifier_exists': 'no' });
    expect(items[3]).not.toHaveProperty('g:condition');
  });

  it('TSV: one header and one line per item, no tab or line break inside a cell', () => {
    const lines = feed('tsv').split('\n').filter(Boolean);
    const columns = lines[0]!.split('\t');
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.split('\t')).toHaveLength(columns.length);
    const mug = Object.fromEntries(columns.map((name, i) => [name, lines[1]!.split('\t')[i]]));
    expect(mug.description).toBe('Hand-thrown & glazed. Holds 350 ml of "tea".');
    expect(mug.additional_image_link).toBe('https://cdn.test/mug-2.jpg');
  });

  it('escapes XML and drops characters XML cannot hold', () => {
    expect(xmlEscape(`<a href="x">Tom's & co</a>\u0001\ud800`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom&apos;s &amp; co&lt;/a&gt;',
    );
    const hostile: ExportProduct = {
      id: 'p-x',
      title: ']]></g:title><script>',
      description: 'Fine & dandy',
      price: 1,
      images: ['https://cdn.test/x.jpg?a=1&b=2'],
      brand: 'A&B',
    };
    const xml = feed('xml', [hostile]);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<g:image_link>https://cdn.test/x.jpg?a=1&amp;b=2</g:image_link>');
    expect(xml).toContain('<g:brand>A&amp;B</g:brand>');
  });

  it('keeps Google’s limits: title 150, description 5,000, ten additional images', () => {
    const long: ExportProduct = {
      id: 'p-long',
      title: 'Word '.repeat(60),
      description: 'Longer text. '.repeat(600),
      price: 5,
      images: Array.from({ length: 15 }, (_, i) => `https://cdn.test/${i}.jpg`),
      brand: 'B',
    };
    const [item] = googleItems(long, LINK, 'EUR');
    expect(Array.from(item!.title!).length).toBeLessThanOrEqual(150);
    expect(Array.from(item!.description!).length).toBeLessThanOrEqual(5000);
    expect(item!.additional_image_link).toHaveLength(10);
    expect(item!.price).toBe('5.00 EUR');
  });

  it('leaves out a product without a page, a name, a price or a photo, and says why', () => {
    const base = products[2]!;
    expect(feedExclusion(base, null)).toBe('product page');
    expect(feedExclusion({ ...base, title: '' }, LINK)).toBe('name');
    expect(feedExclusion({ ...base, price: null }, LINK)).toBe('price');
    expect(feedExclusion({ ...base, images: [] }, LINK)).toBe('photo');
    expect(googleItems(base, null, 'USD')).toEqual([]);
    expect(feedExclusion(base, LINK)).toBeNull();
  });

  it('never writes a GTIN whose check digit is wrong', () => {
    const [item] = googleItems({ ...products[2]!, barcode: '4006381333932' }, LINK, 'USD');
    expect(item).toMatchObject({ gtin: '', identifier_exists: 'no' });
  });
});
