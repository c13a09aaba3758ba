import path from 'node:path';
import { expect, test } from './fixtures';

// Two photos the offline analyzer is unsure of: both cards ask 'What is this?' with its best
// kinds (which also confirm the category), the tallest a card gets before the seller does anything.
const PHOTOS = ['jewellery-watch-gold.jpg', 'toys-skateboard.jpg'].map((name) =>
  path.resolve('../shared/fixtures/photos', name),
);

test('two cards fit at 1366×900 with their questions in view, unsure ones included', async ({
  page,
  user: _user,
}) => {
  // Two photos drafted by the embedded analyzer on a possibly busy machine.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles(PHOTOS);
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('article');
  await expect(cards).toHaveCount(2, { timeout: 90_000 });
  for (const card of await cards.all()) {
    await expect(card.getByLabel('Product name', { exact: true })).toHaveCount(1, {
      timeout: 90_000,
    });
    await expect(card.getByRole('group', { name: 'What is this?' })).toBeVisible();
  }

  // The first card scrolled to the top of the window, as the seller reaches it.
  await cards.first().evaluate((card) => card.scrollIntoView({ block: 'start' }));
  const [first, second] = await Promise.all((await cards.all()).map((card) => card.boundingBox()));
  const barTop = await page
    .getByRole('button', { name: 'Download Shopify CSV' })
    .evaluate((button) => button.closest('.sticky')!.getBoundingClientRect().top);
  await page.screenshot({ path: test.info().outputPath('review-1366x900.png') });
  // The first whole and the second down to its question, between the top of the window and the
  // sticky bottom bar, whose buttons take two rows (with two products the page may not scroll
  // far enough to bring the first to the very top, so the measure is from its top).
  const question = await cards.nth(1).getByRole('group', { name: 'What is this?' }).boundingBox();
  expect(question!.y + question!.height - first!.y).toBeLessThanOrEqual(barTop);
  expect(second!.y + second!.height - first!.y).toBeLessThanOrEqual(barTop + 60);

  // The search engine listing is folded, and opens from the keyboard.
  await cards.first().locator('summary', { hasText: 'Search engine listing' }).focus();
  await page.keyboard.press('Enter');
  await expect(cards.first().getByLabel('SEO title')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('review-seo-open.png') });
});
