/**
 * A product photographed from several sides (issue 16), drafted by the local provider through
 * the real analyzer: the label text read on the back, the barcode on another photo, the colour
 * of the front, and each field's evidence names the photo it came from.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { listingDraftSchema, type ListingDraft } from '#domain/listing-draft.js';
import { createEvidenceAnalyzer } from '#server/vision/providers/local/analyzer/index.js';
import { createLocalVisionProvider } from '#server/vision/providers/local/local-provider.js';
import { normalizeImage } from '#server/images/normalize.js';
import { ANALYZER_TIMEOUT_MS, photo, photoWithBarcode } from './support.js';

const provider = createLocalVisionProvider({ analyzer: createEvidenceAnalyzer({ workers: 2 }) });
afterAll(async () => {
  await provider.close?.();
});

/** What the provider gets in the app: intake's display JPEG. */
async function display(image: Buffer) {
  const normalized = await normalizeImage(image, 'jpeg');
  return { image: normalized.display.data, mimeType: 'image/jpeg' as const };
}

async function describePhotos(...photos: { image: Buffer; mimeType: 'image/jpeg' }[]) {
  const [main, ...morePhotos] = photos;
  return listingDraftSchema.parse(await provider.describe({ ...main!, morePhotos }));
}

const sources = (draft: ListingDraft) =>
  Object.values(draft.evidence).flatMap((field) => field?.sources ?? []);

describe('a product photographed from several sides', { timeout: ANALYZER_TIMEOUT_MS }, () => {
  it('names a jar from the label on its back, with the colour of its front', async () => {
    const front = await display(photo('bottles-glass-jar-bamboo-lid.jpg'));
    const back = await display(photo('food-yoghurt-carton.jpg'));
    const [alone, both] = await Promise.all([describePhotos(front), describePhotos(front, back)]);
    // The front alone has no name on it.
    expect(alone.title).not.toMatch(/yoghurt|naturell/i);
    expect(sources(alone).join()).not.toMatch(/photo \d/);

    // The back's label files it, and says so; the kind is offered, not stated: a carton read
    // as a yoghurt by its label alone scored just under SURE_CONFIDENCE on the labelled sets.
    expect(both.evidence.category!.sources).toContain('from the label on photo 2: "Yoghurt"');
    expect(both.category.fullName).toMatch(/Yogurt|Yoghurt/);
    expect(both.title).toBe('');
    // The colour is the front's.
    expect(both.attributes!.colors).toEqual(alone.attributes!.colors);
  });

  it('drafts a supplement tub from its front, its label and a barcode on a third photo', async () => {
    const front = await display(photo('bottles-vitamin-supplement.jpg'));
    const label = await display(photo('bottles-supplement-label-wide.jpg'));
    const base = await display(
      await photoWithBarcode('home-mug-stoneware.jpg', '4006381333931', 'EAN13'),
    );
    const draft = await describePhotos(front, label, base);
    expect(draft.barcode).toBe('4006381333931');
    expect(draft.description).toMatch(/Barcode \(GTIN\): 4006381333931/);
    expect(draft.evidence.description!.sources).toContain('barcode on photo 3: 4006381333931');
    // The name is the front's; the back label's lines do not make a title.
    expect(draft.title).toMatch(/Vitamin E/);
    expect(draft.title).not.toMatch(/Questa|porzioni/);
    expect(draft.evidence.title!.sources).toContainEqual(
      expect.stringMatching(/^from the label on photo 1: ".*Vitamin E/),
    );
    expect(draft.category.fullName).toMatch(/^Health & Beauty > Health Care > Fitness & Nutrition/);
    for (const source of sources(draft).filter((each) => each.startsWith('colour: '))) {
      expect(source).toMatch(/on photo 1\)$/);
    }
  });
});
