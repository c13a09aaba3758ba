/**
 * The tests' fake Shopify (tests/support/fake-shopify.ts) run as its own process for the import
 * bench, so its catalogue (and the bulk export it writes whole) is not counted in the app's
 * memory. BENCH_SHOP's catalogue is seeded with BENCH_PRODUCTS products in the shape
 * storeProduct() gives; prints one JSON line `{ env }` (the app's SHOPIFY_* settings) once ready.
 */
import sharp from 'sharp';
import { startFakeShopify } from '../../tests/support/fake-shopify.js';
import type { CatalogueSeed } from '../../tests/support/fake-shopify-catalogue.js';
import { productText } from './shopify-csv.js';

function storeProduct(i: number, image: Buffer): CatalogueSeed {
  const text = productText(i);
  const sizes = ['S', 'M', 'L'].slice(0, text.variants);
  return {
    title: text.title,
    handle: text.handle,
    descriptionHtml: text.bodyHtml,
    productType: text.type,
    tags: text.tags,
    images: [{ bytes: image, altText: text.title }],
    ...(sizes.length > 1
      ? {
          options: ['Size'],
          variants: sizes.map((size, n) => ({
            price: (text.price + n).toFixed(2),
            sku: `${text.sku}-${size}`,
            selectedOptions: [{ name: 'Size', value: size }],
          })),
        }
      : {
          variants: [
            {
              price: text.price.toFixed(2),
              sku: text.sku,
              selectedOptions: [{ name: 'Title', value: 'Default Title' }],
            },
          ],
        }),
  };
}

const shop = process.env.BENCH_SHOP ?? 'bench-store.myshopify.com';
const count = Number(process.env.BENCH_PRODUCTS ?? '10000');
const image = await sharp({
  create: { width: 64, height: 64, channels: 3, background: '#b45309' },
})
  .jpeg()
  .toBuffer();
const fake = await startFakeShopify();
fake.catalogue.seed(
  shop,
  Array.from({ length: count }, (_, i) => storeProduct(i, image)),
);
process.stdout.write(`${JSON.stringify({ env: fake.env })}\n`);
process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));
