/**
 * A Shopify product CSV of any size for the import bench, in the column layout of Shopify's
 * 2023 export (../shared/fixtures/csv): a product row (handle, title, body HTML of a few
 * sentences, vendor, type, tags, SEO, status, its image), then one row per further variant for
 * the products with options (two or three sizes on 2 in 5 products). Written to disk as it is
 * made, and sent as the web sends it: multipart, read from disk as it goes out.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';

const NOUNS = ['mug', 'vase', 'lamp', 'wallet', 'scarf', 'bowl', 'poster', 'candle', 'jacket'];
const ADJECTIVES = ['blue', 'ceramic', 'leather', 'woollen', 'café', 'crème', 'vintage', 'brass'];
const MORE = ['linen', 'oak', 'naïve', 'striped'];
const PHRASES = [
  'Made by hand in a small workshop.',
  'Ships wrapped in recycled paper.',
  'A durable finish that ages beautifully.',
  'Easy to clean with a damp cloth.',
  'Pairs well with natural textures.',
  'Each piece varies slightly in tone.',
];
const TYPES = ['Home & Garden', 'Apparel', 'Accessories', 'Kitchen'];

const HEADER = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published',
  'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name',
  'Option3 Value', 'Variant SKU', 'Variant Grams', 'Variant Inventory Tracker',
  'Variant Inventory Qty', 'Variant Inventory Policy', 'Variant Fulfillment Service',
  'Variant Price', 'Variant Compare At Price', 'Variant Requires Shipping', 'Variant Taxable',
  'Variant Barcode', 'Image Src', 'Image Position', 'Image Alt Text', 'Gift Card', 'SEO Title',
  'SEO Description', 'Google Shopping / Google Product Category', 'Google Shopping / Gender',
  'Google Shopping / Age Group', 'Google Shopping / MPN', 'Google Shopping / Condition',
  'Google Shopping / Custom Product', 'Variant Image', 'Variant Weight Unit', 'Variant Tax Code',
  'Cost per item', 'Included / United States', 'Price / United States',
  'Compare At Price / United States', 'Included / International', 'Price / International',
  'Compare At Price / International', 'Status',
]; // prettier-ignore

/** The words of product `i`, the same in the CSV and in the fake store. */
export function productText(i: number) {
  const at = (list: readonly string[], n: number) => list[n % list.length]!;
  const noun = at(NOUNS, i * 7 + 3);
  const adjectives = [at(ADJECTIVES, i * 5 + 1), at(MORE, i * 3)];
  const title = `${adjectives.join(' ')} ${noun} BENCH-${100_000 + i}`;
  const sentences = Array.from({ length: 4 }, (_, n) => at(PHRASES, i + n * 2));
  return {
    handle: `${adjectives.join('-')}-${noun}-${i}`.normalize('NFD').replace(/[^a-z0-9-]/g, ''),
    title,
    bodyHtml: `<p>A ${adjectives.join(', ')} ${noun}. ${sentences.slice(0, 2).join(' ')}</p><ul><li>${sentences[2]}</li><li>${sentences[3]}</li></ul>`,
    vendor: 'Bench Workshop',
    type: at(TYPES, i),
    tags: [noun, adjectives[0]!, 'bench'],
    price: 5 + ((i * 37) % 95) + 0.99,
    sku: `BENCH-${100_000 + i}`,
    /** Variant rows: 2 or 3 sizes on 2 products in 5, else one. */
    variants: i % 5 === 0 ? 3 : i % 5 === 1 ? 2 : 1,
  };
}

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function line(cells: Record<string, string>): string {
  return `${HEADER.map((name) => csvCell(cells[name] ?? '')).join(',')}\n`;
}

/** Product `i`'s rows: its own (with an image), then its further variants' (one with an image). */
function productRows(i: number, imageBase: string | null): string {
  const text = productText(i);
  const sizes = ['S', 'M', 'L'].slice(0, text.variants);
  const image = (n: number) => (imageBase ? `${imageBase}/${text.handle}-${n}.jpg` : '');
  let rows = line({
    Handle: text.handle,
    Title: text.title,
    'Body (HTML)': text.bodyHtml,
    Vendor: text.vendor,
    Type: text.type,
    Tags: text.tags.join(', '),
    Published: 'TRUE',
    'Option1 Name': sizes.length > 1 ? 'Size' : 'Title',
    'Option1 Value': sizes.length > 1 ? sizes[0]! : 'Default Title',
    'Variant SKU': sizes.length > 1 ? `${text.sku}-${sizes[0]}` : text.sku,
    'Variant Grams': '250',
    'Variant Inventory Qty': '12',
    'Variant Inventory Policy': 'deny',
    'Variant Fulfillment Service': 'manual',
    'Variant Price': text.price.toFixed(2),
    'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE',
    'Image Src': image(1),
    'Image Position': imageBase ? '1' : '',
    'Image Alt Text': text.title,
    'Gift Card': 'FALSE',
    'SEO Title': `${text.title} | Bench Workshop`,
    'SEO Description': `A ${text.title.toLowerCase()}, made by hand.`,
    'Variant Weight Unit': 'g',
    Status: 'active',
  });
  for (const [n, size] of sizes.slice(1).entries()) {
    rows += line({
      Handle: text.handle,
      'Option1 Value': size,
      'Variant SKU': `${text.sku}-${size}`,
      'Variant Grams': '250',
      'Variant Inventory Qty': '12',
      'Variant Inventory Policy': 'deny',
      'Variant Fulfillment Service': 'manual',
      'Variant Price': (text.price + n + 1).toFixed(2),
      'Variant Requires Shipping': 'TRUE',
      'Variant Taxable': 'TRUE',
      ...(n === 0 && imageBase ? { 'Image Src': image(2), 'Image Position': '2' } : {}),
      'Variant Weight Unit': 'g',
    });
  }
  return rows;
}

/**
 * Writes a CSV of `products` products to `file` (images under `imageBase`, or none when null);
 * answers its size and line count.
 */
export async function writeShopifyCsv(
  file: string,
  products: number,
  imageBase: string | null,
): Promise<{ bytes: number; lines: number }> {
  const out = createWriteStream(file);
  let lines = 1;
  out.write(`${HEADER.map(csvCell).join(',')}\n`);
  for (let i = 0; i < products; i++) {
    const rows = productRows(i, imageBase);
    lines += productText(i).variants;
    if (!out.write(rows)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { bytes: (await stat(file)).size, lines };
}

/** POSTs the file to /api/catalogue-imports as the web's FormData does, streamed from disk. */
export async function postCatalogueFile(
  baseUrl: string,
  headers: { cookie: string; origin: string },
  file: string,
): Promise<{ status: number; body: string }> {
  const boundary = `bench${Date.now().toString(16)}`;
  const encoder = new TextEncoder();
  async function* parts() {
    yield encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products_export.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    for await (const chunk of createReadStream(file)) yield chunk as Uint8Array;
    yield encoder.encode(`\r\n--${boundary}--\r\n`);
  }
  const iterator = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const response = await fetch(`${baseUrl}/api/catalogue-imports`, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: await response.text() };
}
