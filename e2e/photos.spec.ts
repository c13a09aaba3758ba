import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { parseCsvObjects } from '#domain/test-support/parse-csv';
import { expect, test } from './fixtures';
import { downloadAnyway, nameProduct } from './support';

const MUG = path.resolve('../shared/fixtures/photos/home-mug-stoneware.jpg');
/** The mug's name, printed only on the label on its back: the front photo shows no text. */
const LABEL_NAME = 'Alder Grove';

/**
 * A maker's label for the back of the mug: dark bold words on white, sized for the photo, the
 * way a sticker sits on the glaze. Rendered by sharp (librsvg) from SVG, so the same bytes
 * every run.
 */
function backLabel(photoWidth: number) {
  const width = Math.round(photoWidth * 0.22);
  const height = Math.round(photoWidth * 0.05);
  const fontSize = Math.round(photoWidth * 0.022);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" rx="6" fill="#ffffff"/>
    <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle"
      font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${fontSize}"
      fill="#1a1a1a">${LABEL_NAME}</text>
  </svg>`;
  return { input: Buffer.from(svg), width, height };
}

/**
 * Three photos of one mug as a seller takes them: the front, the other side with the maker's
 * label on it (the photo mirrored, the label on the mug's body) and a close-up (the middle of
 * the front, enlarged). They still look alike enough to be suggested as one product.
 */
async function mugPhotos(dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const { width, height } = await sharp(MUG).metadata();
  const label = backLabel(width);
  const files = [
    { name: 'mug-front.jpg', image: sharp(MUG) },
    {
      name: 'mug-back.jpg',
      image: sharp(MUG)
        .flop()
        .composite([
          {
            input: label.input,
            // On the middle of the mug's body, as the mirrored photo shows it.
            left: Math.round(width * 0.508 - label.width / 2),
            top: Math.round(height * 0.622 - label.height / 2),
          },
        ]),
    },
    {
      name: 'mug-detail.jpg',
      image: sharp(MUG)
        .extract({
          left: Math.round(width * 0.15),
          top: Math.round(height * 0.15),
          width: Math.round(width * 0.7),
          height: Math.round(height * 0.7),
        })
        .resize(width, height),
    },
  ];
  return Promise.all(
    files.map(async ({ name, image }) => {
      const file = path.join(dir, name);
      await image.jpeg({ quality: 90 }).toFile(file);
      return file;
    }),
  );
}

/** Downloads a CSV, saying yes if asked first, and reads its rows. */
async function downloaded(page: Page, button: string): Promise<Record<string, string>[]> {
  return parseCsvObjects(await downloadAnyway(page, page.getByRole('button', { name: button })));
}

const card = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article');
const thumbnails = (page: Page) =>
  card(page).first().getByRole('list', { name: 'Photos' }).getByRole('button');

test('three photos of one mug become one product that reads its back label, and split back', async ({
  page,
  user: _user,
}) => {
  // The embedded analyzer loads its models on the first photo, then drafts from all three.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const files = await mugPhotos(test.info().outputDir);

  await page.goto('/create');
  await page.locator('input[type=file]').setInputFiles(files);
  await expect(page).toHaveURL(/\/productlibrary$/);
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(3, {
    timeout: 120_000,
  });
  await expect(page.getByTestId('credit-counter')).toContainText('0');

  // Suggested, not combined by itself: accepted in one click.
  const suggestion = page.getByRole('region', {
    name: 'These 3 photos look like one product. Combine?',
  });
  await expect(suggestion).toBeVisible({ timeout: 30_000 });
  await expect(card(page)).toHaveCount(3);
  await page.screenshot({ path: test.info().outputPath('review-suggestion.png') });
  // The front photo's own draft cannot read the maker's name: it is only on the back.
  const frontThumb = await suggestion
    .getByRole('img', { name: 'mug-front.jpg' })
    .getAttribute('src');
  const frontCard = card(page).filter({ has: page.locator(`img[src="${frontThumb}"]`) });
  await expect(frontCard).toHaveCount(1);
  const frontCopy = frontCard.getByLabel('Product description', { exact: true });
  await expect(frontCopy).not.toHaveValue(new RegExp(LABEL_NAME, 'i'));
  await suggestion.getByRole('button', { name: 'Combine' }).click();

  await expect(page.getByText('Combined into one product. 2 credits returned.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(card(page)).toHaveCount(1);
  await expect(thumbnails(page)).toHaveCount(3);
  await expect(page.getByTestId('credit-counter')).toContainText('2');
  await expect(suggestion).toHaveCount(0);
  // Drafted from all three photos, the copy carries the back label, and its 'Why?' says so.
  const description = card(page).first().getByLabel('Product description', { exact: true });
  await expect(description).toHaveValue(new RegExp(LABEL_NAME));
  const why = card(page).first().getByRole('button', { name: 'Why this product description?' });
  await why.click();
  const whyNote = page.locator(`[id="${await why.getAttribute('aria-controls')}"]`);
  await expect(whyNote).toContainText(`From the label on photo 2: "${LABEL_NAME}"`);
  await page.screenshot({ path: test.info().outputPath('combined-card.png') });

  // The lightbox steps through the three photos and gives the focus back.
  const enlarge = card(page).first().getByRole('button', { name: 'Enlarge photos (3)' });
  await enlarge.click();
  const lightbox = page.getByRole('dialog');
  await expect(lightbox.getByText('Photo 1 of 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByText('Photo 2 of 3')).toBeVisible();
  await lightbox.getByRole('button', { name: 'Next photo' }).click();
  await expect(lightbox.getByText('Photo 3 of 3')).toBeVisible();
  await expect(lightbox.getByRole('img')).toHaveJSProperty('complete', true);
  await page.screenshot({ path: test.info().outputPath('lightbox.png') });
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await expect(enlarge).toBeFocused();

  // Dragging the last photo to the front makes it the main photo, and it stays so.
  const mainImage = card(page).first().getByRole('img').first();
  const lastThumb = await thumbnails(page).nth(2).locator('img').getAttribute('src');
  await thumbnails(page).nth(2).dragTo(thumbnails(page).nth(0));
  await expect(thumbnails(page).nth(0)).toHaveAccessibleName(/^Photo 1 of 3 \(main\): mug-detail/);
  await expect(mainImage).toHaveAttribute('src', lastThumb!);
  // And from the keyboard: the focused photo moves one place right.
  await thumbnails(page).nth(0).focus();
  // The card shows the move at once; the reload waits for the server to have taken it.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/photos') && response.request().method() === 'PUT',
  );
  await page.keyboard.press('ArrowRight');
  await expect(thumbnails(page).nth(1)).toHaveAccessibleName(/mug-detail/);
  await expect(thumbnails(page).nth(1)).toBeFocused();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(thumbnails(page).nth(1)).toHaveAccessibleName(/mug-detail/);
  const order = await thumbnails(page).evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label')!.replace(/^.*: /, '')),
  );

  // Named (no file holds a product without a name), both CSVs carry the three photos, main first.
  await nameProduct(card(page).first(), 'stoneware mug');
  const shopify = await downloaded(page, 'Download Shopify CSV');
  const images = shopify.filter((row) => row['Image Src']);
  expect(images).toHaveLength(3);
  expect(new Set(images.map((row) => row.Handle)).size).toBe(1);
  expect(images.map((row) => row['Image Position'])).toEqual(['1', '2', '3']);
  const squarespace = await downloaded(page, 'Download Squarespace CSV');
  expect(squarespace).toHaveLength(1);
  const hosted = squarespace[0]!['Hosted Image URLs']!.split(' ');
  expect(hosted).toHaveLength(3);
  expect(hosted).toEqual(images.map((row) => row['Image Src']));
  expect(order).toHaveLength(3);

  // Split gives each photo back as a product of its own; each split-off one pays its credit
  // again, the two that combine gave back (ADR 033: a credit pays for a listing).
  await card(page).first().getByRole('button', { name: 'Split into separate products' }).click();
  const confirm = page.getByRole('dialog', { name: 'Split into 3 products?' });
  await confirm.getByRole('button', { name: 'Split' }).click();
  await expect(page.getByText('Split into 3 products.')).toBeVisible({ timeout: 60_000 });
  await expect(card(page)).toHaveCount(3);
  await expect(page.getByLabel('Product name', { exact: true })).toHaveCount(3, {
    timeout: 120_000,
  });
  await expect(page.getByTestId('credit-counter')).toHaveText('0 credits');
});
