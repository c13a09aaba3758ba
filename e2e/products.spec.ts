import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { readFixture, SHOPIFY_FIXTURE, SQUARESPACE_FIXTURE } from '#domain/test-support/fixtures';
import { parseCsv } from '#domain/test-support/parse-csv';
import { expect, test } from './fixtures';

const PHOTOS_DIR = path.resolve('../shared/fixtures/photos');
const PHOTOS = [
  'apparel-hoodie-red.png',
  'home-mug-stoneware.jpg',
  'electronics-instant-camera.jpg',
];

function fixtureHeader(file: string): string[] {
  return parseCsv(readFixture(file))[0]!;
}

async function fieldValues(page: Page, label: string): Promise<string[]> {
  return page
    .getByLabel(label, { exact: true })
    .evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value));
}

/** Downloads a CSV; while some products need attention, the app asks first and is told yes. */
async function downloaded(page: Page, button: string): Promise<string> {
  const count = await page.getByText(/^\d+ of \d+ ready to publish$/).textContent();
  const [ready, total] = (count ?? '').match(/\d+/g)!.map(Number);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  if (ready !== total) {
    const unready = total! - ready!;
    const dialog = page.getByRole('dialog', {
      name: new RegExp(`^${unready} of ${total} products? still needs? attention`),
    });
    await dialog.getByRole('button', { name: 'Download anyway' }).click();
  }
  const download = await downloading;
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  return text;
}

test('upload three photos, review and edit the drafts, export both CSVs', async ({
  page,
  context,
  user: _user,
}) => {
  // The embedded analyzer loads its models on the first photo and reads labels with OCR.
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/create');
  await expect(
    page.getByRole('heading', { name: "Let's create your product library" }),
  ).toBeVisible();

  await page
    .locator('input[type=file]')
    .setInputFiles(PHOTOS.map((name) => path.join(PHOTOS_DIR, name)));
  await expect(page).toHaveURL(/\/productlibrary$/);
  await expect(
    page.getByRole('heading', { name: "Let's review your product library" }),
  ).toBeVisible();

  // The cards fill in as each photo's draft is generated (real progress over server-sent events).
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(3, {
    timeout: 90_000,
  });
  await expect(page.getByTestId('credit-counter')).toContainText('0');
  // The offline analyzer names the camera and shows what it read on the label.
  await expect
    .poll(() => fieldValues(page, 'Product name'))
    .toContainEqual(expect.stringMatching(/camera/i));
  // The evidence waits behind each field's 'Why?'.
  await expect(page.getByText(/from the label/i)).toHaveCount(0);
  for (const why of await page.getByRole('button', { name: /^Why this / }).all()) {
    await why.click();
  }
  await expect(page.getByText(/from the label/i).first()).toBeVisible();
  // What the seller should add is listed apart from the listing fields.
  const guidance = page.getByRole('group', { name: 'Before you publish' });
  await expect(guidance.first()).toBeVisible();
  const guidanceTexts = await guidance.getByRole('listitem').allTextContents();
  expect(guidanceTexts.length).toBeGreaterThan(0);
  for (const text of await fieldValues(page, 'Product description')) {
    expect(text).not.toMatch(/please|confirm|before publishing|add the/i);
  }

  // An edit is saved as the seller types and survives a reload.
  const title = page.getByLabel('Product name', { exact: true }).first();
  await title.fill('Red Cotton Hoodie');
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect.poll(() => fieldValues(page, 'Product name')).toContain('Red Cotton Hoodie');

  // Regenerating a description replaces its text.
  const description = page.getByLabel('Product description', { exact: true }).first();
  const before = await description.inputValue();
  await page.getByRole('button', { name: 'Regenerate product description' }).first().click();
  // The analyzer reads the photo again: seconds, more while other tests share the machine.
  await expect.poll(() => description.inputValue(), { timeout: 30_000 }).not.toBe(before);
  expect(await description.inputValue()).not.toBe('');

  // Any category can be chosen by searching the taxonomy; regenerating the name then uses it.
  const cards = page.getByRole('article');
  const cardIndex = await cards.evaluateAll((articles) =>
    articles.findIndex((article) => article.querySelector('[aria-label="Change category"]')),
  );
  const card = cards.nth(cardIndex);
  await card.getByRole('button', { name: 'Change category' }).click();
  await card.getByLabel('Search all categories').fill('teapots');
  await card.getByRole('button', { name: /^Teapots — / }).click();
  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(card.getByText('Confirmed by you')).toBeVisible();
  await expect(card.getByText(/Coffee Servers & Teapots > Teapots$/)).toBeVisible();
  await card.getByRole('button', { name: 'Regenerate product name' }).click();
  await expect
    .poll(() => card.getByLabel('Product name', { exact: true }).inputValue(), { timeout: 30_000 })
    .toMatch(/Teapot/);

  // Copying the price puts it on the clipboard.
  const price = await page.getByLabel('Price', { exact: true }).first().inputValue();
  await page.getByRole('button', { name: 'Copy price' }).first().click();
  await expect(page.getByText('Price copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(price);

  // Deleting asks first, then removes the card for good.
  await page.getByRole('button', { name: 'Delete product' }).last().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(2);
  await page.reload();
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(2);

  // Both exports carry exactly the stores' headers, and listing copy only: no guidance.
  const exports = [
    [await downloaded(page, 'Download Shopify CSV'), SHOPIFY_FIXTURE],
    [await downloaded(page, 'Download Squarespace CSV'), SQUARESPACE_FIXTURE],
  ] as const;
  for (const [csv, fixture] of exports) {
    expect(parseCsv(csv)[0]).toEqual(fixtureHeader(fixture));
    for (const text of guidanceTexts) expect(csv).not.toContain(text);
    expect(csv).not.toMatch(/please confirm|before publishing/i);
  }
});
