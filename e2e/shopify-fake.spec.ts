/**
 * The production Shopify adapter end to end, in the browser, against a local fake of Shopify
 * speaking its real protocol (OAuth with a signed callback, the token endpoint, GraphQL staged
 * uploads and productSet). The shared e2e server runs without Shopify credentials (it uses the
 * sandbox store), so this spec starts its own server with the fake's settings, and a fake
 * OpenAI-compatible vision model so the draft is ready in a moment.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startFakeOpenAi, jsonReply, validDraftAnswer } from '../tests/support/fake-openai';
import { startFakeShopify } from '../tests/support/fake-shopify';
import { startServerProcess } from '../tests/support/server-process';
import { openAccounts } from './fixtures';

const PHOTO = path.resolve('../shared/fixtures/photos/apparel-tshirt-black-thumb.jpg');
const AUTH_SECRET = 'e2e-only-auth-secret-for-the-fake-shopify-server';

let fakeShopify: Awaited<ReturnType<typeof startFakeShopify>>;
let fakeVision: Awaited<ReturnType<typeof startFakeOpenAi>>;
let server: Awaited<ReturnType<typeof startServerProcess>>;
let sellers: ReturnType<typeof openAccounts>;
let dataDir: string;

test.beforeAll(async () => {
  // Starting a server (tsx compiles it, the database migrates) takes a while on a busy machine.
  test.setTimeout(60_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'listsmith-e2e-shopify-'));
  fakeShopify = await startFakeShopify();
  fakeVision = await startFakeOpenAi();
  fakeVision.answerAll(jsonReply(validDraftAnswer()));
  const env = {
    DATA_DIR: dataDir,
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    ...fakeShopify.env,
    VISION_PROVIDER: 'openai',
    VISION_BASE_URL: fakeVision.baseUrl,
    VISION_MODEL: 'fake-vision',
  };
  server = await startServerProcess(env);
  sellers = openAccounts({ ...env, NODE_ENV: 'test', APP_URL: server.url });
});

test.afterAll(async () => {
  await sellers?.close();
  await server?.stop('SIGTERM', 10_000);
  await fakeVision?.close();
  await fakeShopify?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Publishes the one product (its draft is ready: nothing to confirm first) as Active. */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish to Shopify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish to Shopify' });
  await dialog.getByRole('radio', { name: /Active/ }).check();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByText('All products published successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a seller connects a Shopify store and publishes a product to it, then updates it', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const shop = `fake-${randomBytes(4).toString('hex')}.myshopify.com`;
  const account = await sellers.accounts.create('shopify-fake');
  await sellers.accounts.signIn(context, account);

  // Connect: the browser goes to the store's consent page (the fake approves at once) and
  // comes back through Listsmith's signed callback.
  await page.goto(`${server.url}/account`);
  const stores = page.locator('section', {
    has: page.getByRole('heading', { name: 'Shopify stores' }),
  });
  await expect(stores.getByText('No store connected yet.')).toBeVisible({ timeout: 20_000 });
  await stores.getByRole('button', { name: 'Connect a Shopify store' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect your Shopify store' });
  await connect.getByLabel('Store domain').fill(shop);
  await connect.getByRole('button', { name: 'Connect store' }).click();
  await expect(
    page.getByText(
      `Your Shopify store ${shop} is now connected! You can start publishing your products.`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/create' && url.search === '');
  expect(fakeShopify.tokenRequests).toEqual([
    expect.objectContaining({ shop, grant: 'authorization_code' }),
  ]);

  // One photo, drafted by the (fake) vision model.
  await page.locator('input[type=file]').setInputFiles(PHOTO);
  await expect(page).toHaveURL(/\/productlibrary$/);
  const title = page.getByLabel('Product name', { exact: true });
  await expect(title).toHaveValue('Black Crew Neck T-Shirt', { timeout: 20_000 });

  await publish(page);
  const card = page.getByRole('article');
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  const admin = card.getByRole('link', { name: 'View in Shopify admin' });
  await expect(admin).toBeVisible();

  // What arrived in the store: the card's title and price, and the display image's bytes.
  const cardTitle = await title.inputValue();
  const cardPrice = await card.getByLabel('Price', { exact: true }).first().inputValue();
  const listed = (await (await page.request.get(`${server.url}/api/products`)).json()) as {
    products: { imageUrl: string }[];
  };
  expect(listed.products).toHaveLength(1);
  const display = await page.request.get(`${server.url}${listed.products[0]!.imageUrl}`);
  expect(display.ok()).toBe(true);
  const displayBytes = await display.body();

  let products = fakeShopify.products(shop);
  expect(products).toHaveLength(1);
  const [product] = products;
  expect(product!.input.title).toBe(cardTitle);
  const variants = product!.input.variants as { price: string }[];
  expect(variants).toHaveLength(1);
  expect(Number(variants[0]!.price)).toBe(Number(cardPrice));
  expect(product!.media).toHaveLength(1);
  expect(product!.media[0]!.bytes.equals(displayBytes)).toBe(true);
  // A store served from elsewhere than Shopify (the fake) is linked at its own admin.
  const href = `${fakeShopify.origin.replace('{shop}', shop)}/admin/products/${product!.id.split('/').pop()}`;
  await expect(admin).toHaveAttribute('href', href);

  // Re-publishing after an edit updates the same product.
  await title.fill('Black Crew Neck T-Shirt, Organic Cotton');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await publish(page);
  products = fakeShopify.products(shop);
  expect(products).toHaveLength(1);
  expect(products[0]!.id).toBe(product!.id);
  expect(products[0]!.input.title).toBe('Black Crew Neck T-Shirt, Organic Cotton');
  expect(products[0]!.media).toHaveLength(1);
  await expect(admin).toHaveAttribute('href', href);
});
