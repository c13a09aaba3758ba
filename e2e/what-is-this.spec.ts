import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '#domain/test-support/parse-csv';
import { expect, test } from './fixtures';

// The offline analyzer takes this gold watch for a letter opener, and is unsure of it.
const PHOTO = path.resolve('../shared/fixtures/photos/jewellery-watch-gold.jpg');
const SELLER_DESCRIPTION = 'My grandfather’s watch, kept in its box for years. Still ticking.';

test('one step from a wrong guess to a right listing: the seller says what the product is', async ({
  page,
  user: _user,
}) => {
  // The embedded analyzer loads its models on the first photo, and reads the photo again.
  test.setTimeout(150_000);
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles([PHOTO]);
  const title = page.getByLabel('Product name', { exact: true });
  await expect(title).toHaveCount(1, { timeout: 90_000 });
  await expect(title).not.toHaveValue(/watch/i);
  const card = page.getByRole('article');
  const price = card.getByLabel('Price', { exact: true });
  const draftPrice = await price.inputValue();
  const guidance = await card
    .getByRole('group', { name: 'Before you publish' })
    .getByRole('listitem')
    .allTextContents();

  // The seller writes the description themselves: that field is theirs from now on.
  const description = card.getByLabel('Product description', { exact: true });
  await description.fill(SELLER_DESCRIPTION);
  await expect(card.getByText('Saved', { exact: true })).toBeVisible();

  // The card is unsure of the category, so it asks outright: its kinds, then the seller's words.
  await card.getByRole('button', { name: 'Something else…' }).click();
  const words = card.getByRole('textbox', { name: 'What is this product?' });
  await words.fill('gold wristwatch');
  await expect(card.getByRole('list', { name: 'Suggested categories' })).toBeVisible();
  await words.press('Enter');

  await expect(title).toHaveValue('Gold Wristwatch', { timeout: 30_000 });
  await expect(card.getByText(/Jewelry > Watches$/)).toBeVisible();
  await expect(card.getByText('Confirmed by you', { exact: true })).toBeVisible();
  await expect(price).not.toHaveValue(draftPrice);
  await expect(description).toHaveValue(SELLER_DESCRIPTION);
  // Named now: the question is one click away.
  await expect(words).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'What is this product?' })).toBeVisible();

  // The export carries the listing copy, and nothing the card asked of the seller.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download Shopify CSV' }).click(),
  ]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const [header, row] = parseCsv(csv);
  const column = (name: string) => row![header!.indexOf(name)];
  expect(column('Title')).toBe('Gold Wristwatch');
  expect(column('Body (HTML)')).toContain('grandfather');
  expect(column('Type')).toMatch(/Watches/);
  expect(column('Image Alt Text')).toMatch(/^Gold wristwatch/);
  // The search engine listing is drafted again with the other unedited fields.
  expect(column('SEO Title')).toBe('Gold Wristwatch');
  expect(column('SEO Description')).toMatch(/gold wristwatch/i);
  expect(column('SEO Description')).not.toContain('grandfather');
  expect(guidance.length).toBeGreaterThan(0);
  for (const text of guidance) expect(csv).not.toContain(text);
  expect(csv).not.toMatch(/please confirm|before publishing|what is this product/i);
});
