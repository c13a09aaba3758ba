import { describe, expect, it } from 'vitest';
import { BulkResultError, bulkProducts } from './bulk-catalogue';

async function* linesOf(...lines: unknown[]) {
  for (const line of lines) yield typeof line === 'string' ? line : JSON.stringify(line);
}

async function read(...lines: unknown[]) {
  const products = [];
  for await (const product of bulkProducts(linesOf(...lines))) products.push(product);
  return products;
}

const product = (id: string, title = `Product ${id}`) => ({
  id: `gid://shopify/Product/${id}`,
  handle: `p-${id}`,
  title,
  descriptionHtml: '<p>Thin.</p>',
  productType: null,
  status: 'ACTIVE',
  tags: [],
  category: null,
  seo: { title: null, description: null },
  options: [{ name: 'Title' }],
});

const variant = (parent: string, price: string) => ({
  __typename: 'ProductVariant',
  price,
  sku: null,
  barcode: null,
  selectedOptions: [{ name: 'Title', value: 'Default Title' }],
  __parentId: `gid://shopify/Product/${parent}`,
});

describe('a bulk export read line by line', () => {
  it('gathers each product with the media and variant lines after it', async () => {
    const products = await read(
      product('1'),
      {
        __typename: 'MediaImage',
        id: 'gid://shopify/MediaImage/11',
        alt: 'Front',
        image: { url: 'https://cdn.shopify.com/a.jpg', altText: null },
        __parentId: 'gid://shopify/Product/1',
      },
      {
        __typename: 'Video',
        id: 'gid://shopify/Video/12',
        alt: '',
        image: null,
        __parentId: 'gid://shopify/Product/1',
      },
      variant('1', '12.00'),
      '',
      product('2'),
      variant('2', '8.00'),
    );
    expect(products.map((p) => [p.id, p.images, p.variants.map((v) => v.price)])).toEqual([
      [
        'gid://shopify/Product/1',
        [
          {
            mediaId: 'gid://shopify/MediaImage/11',
            url: 'https://cdn.shopify.com/a.jpg',
            altText: 'Front',
          },
        ],
        ['12.00'],
      ],
      ['gid://shopify/Product/2', [], ['8.00']],
    ]);
    expect(products[0]).toMatchObject({ productType: '', seo: { title: null } });
  });

  it('refuses a child of another product, a line that is no product, and one that is not JSON', async () => {
    await expect(read(product('1'), variant('9', '1.00'))).rejects.toThrow(
      new BulkResultError('line 2 is not a child of the product before it'),
    );
    await expect(read({ id: 'x' })).rejects.toThrow('line 1 is not a product');
    await expect(read(product('1'), '{oops')).rejects.toThrow('line 2 is not JSON');
  });
});
