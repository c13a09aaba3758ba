import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingDraftSchema, type ListingDraft } from '#domain/listing-draft.js';
import { CONFIRMED_CATEGORY_SOURCE } from '#domain/products.js';
import { SURE_CONFIDENCE } from '#domain/readiness.js';
import { createEvidenceAnalyzer } from '#server/vision/providers/local/analyzer/index.js';
import { inventedFacts } from '#server/vision/providers/local/draft-audit.js';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';
import {
  createDraftContext,
  createLocalVisionProvider,
} from '#server/vision/providers/local/local-provider.js';
import { normalizeImage } from '#server/images/normalize.js';
import type { AcceptedImageType } from '#server/images/sniff.js';
import { PHOTOS_DIR } from '../images/support.js';

const TYPE_BY_EXTENSION: Record<string, AcceptedImageType> = {
  '.jpg': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.webp': 'webp',
};

// The real analyzer (worker pool, real models), tapped so tests can audit the draft against
// exactly the evidence it was written from.
const pool = createEvidenceAnalyzer({ workers: 2 });
const seen = new Map<Buffer, ListingEvidence>();
const provider = createLocalVisionProvider({
  analyzer: {
    async analyze(image, signal) {
      const analysed = await pool.analyze(image, signal);
      seen.set(image, analysed.evidence);
      return analysed;
    },
    close: () => pool.close(),
  },
});
const { classMap } = createDraftContext();

afterAll(async () => {
  await provider.close?.();
});

/** What the provider gets in the app: intake's display JPEG of the photo. */
async function displayImage(name: string): Promise<Buffer> {
  const type = TYPE_BY_EXTENSION[path.extname(name)]!;
  const normalized = await normalizeImage(readFileSync(path.join(PHOTOS_DIR, name)), type);
  return normalized.display.data;
}

const drafts = new Map<string, Promise<{ image: Buffer; draft: ListingDraft }>>();
function describePhoto(name: string) {
  let pending = drafts.get(name);
  if (!pending) {
    pending = displayImage(name).then(async (image) => ({
      image,
      draft: listingDraftSchema.parse(await provider.describe({ image, mimeType: 'image/jpeg' })),
    }));
    drafts.set(name, pending);
  }
  return pending;
}

const REAL_PHOTOS = [
  // Photos the calibrated certainty names (≥ SURE_CONFIDENCE): one clear class of the kind.
  [
    'apparel-tshirt-black-thumb.jpg',
    'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts',
    /T-shirt/i,
  ],
  [
    'accessories-sunglasses-aviator.jpg',
    'Apparel & Accessories > Clothing Accessories > Sunglasses',
    /sunglasses/i,
  ],
  [
    'electronics-mouse-wireless.jpg',
    'Electronics > Electronics Accessories > Computer Components > Input Devices > Mice & Trackballs',
    /mouse/i,
  ],
  [
    'bottles-vitamin-supplement.jpg',
    'Health & Beauty > Health Care > Fitness & Nutrition > Vitamins & Supplements',
    /vitamin/i,
  ],
] as const;

describe('drafts of real photos through the real analyzer', () => {
  beforeAll(async () => {
    // Analyse them side by side, as the pool would in the app.
    await Promise.all(REAL_PHOTOS.map(([name]) => describePhoto(name)));
  }, 120_000);

  it.each(REAL_PHOTOS)('%s', async (name, fullName, title) => {
    const { image, draft } = await describePhoto(name);
    expect(draft.category.fullName).toBe(fullName);
    expect(draft.category.confidence).toBeGreaterThanOrEqual(SURE_CONFIDENCE);
    expect(draft.title).toMatch(title);
    expect(draft.evidence.category!.sources.join(' ')).toMatch(/looks like: |from the label: /);
    // Colours are stated only when measured surely; otherwise the seller is asked to confirm them.
    const colours = draft.evidence.title!.sources.filter((s) => s.startsWith('colour: '));
    if (colours.length === 0) {
      expect(draft.attributes!.colors.length).toBeGreaterThan(0);
      expect(draft.guidance.map((item) => item.kind)).toContain('confirm-colour');
    }
    // Listing copy only: what the seller should add is the guidance.
    expect(draft.description).not.toMatch(/please|confirm|before publishing|add the|the photo/i);
    expect(draft.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
    expect(draft.guidance.map((item) => item.kind)).toContain('add-condition');
    expect(draft.categoryAlternatives.length).toBeLessThanOrEqual(3);
    expect(inventedFacts(draft, seen.get(image)!, classMap)).toEqual([]);
  });

  it('reads the vitamin tub’s label into the title and the description', async () => {
    const { draft } = await describePhoto('bottles-vitamin-supplement.jpg');
    expect(draft.title).toMatch(/Vitamin E/);
    expect(draft.description).toMatch(/printed with "[^"]+"/);
    expect(draft.description).toMatch(/\nOn the label: "[^"]+"/);
    expect(draft.evidence.category!.sources.some((s) => s.startsWith('from the label: '))).toBe(
      true,
    );
  });

  it('prices from the category baseline and says from what, the licence left to About the data', async () => {
    const { draft } = await describePhoto('apparel-tshirt-black-thumb.jpg');
    expect(draft.price.basis).toMatch(
      /^typical US prices for Apparel & Accessories > Clothing > Clothing Tops > T-Shirts, the middle half of \d+ Amazon listings, 2023$/,
    );
    expect(draft.evidence.price!.sources[0]).toMatch(/Amazon listings, 2023/);
  });

  it('names nothing it is unsure of: a sweatshirt class may as well be a hoodie or a jacket', async () => {
    // On the labelled sets a sweatshirt reading this strong was right about half the time.
    const { draft } = await describePhoto('apparel-hoodie-red.png');
    expect(draft.title).toBe('');
    expect(draft.price.suggested).toBeNull();
    expect(draft.category.fullName).toBe(
      'Apparel & Accessories > Clothing > Clothing Tops > Sweatshirts',
    );
    expect(draft.category.confidence).toBeLessThan(SURE_CONFIDENCE);
    expect(draft.guidance.map((item) => item.kind)).toContain('name-product');
  });
});

describe('determinism and regeneration', () => {
  let image: Buffer;
  let draft: ListingDraft;
  beforeAll(async () => {
    ({ image, draft } = await describePhoto('apparel-tshirt-black-thumb.jpg'));
  }, 60_000);

  it('gives the same draft and the same appearance for the same photo', async () => {
    const again = await provider.describe({ image: Buffer.from(image), mimeType: 'image/jpeg' });
    const onceMore = await provider.describe({ image: Buffer.from(image), mimeType: 'image/jpeg' });
    expect(listingDraftSchema.parse(again)).toEqual(draft);
    expect(again.appearance).toHaveLength(1000);
    expect(onceMore.appearance).toEqual(again.appearance);
  });

  it.each(['title', 'description'] as const)(
    'regenerates a different, valid %s and cycles through its wordings',
    async (field) => {
      const seenTexts = [draft[field]];
      // Round the wordings until the draft's own comes back (at least three, at most eight).
      for (let round = 0; round < 3 || (round < 8 && seenTexts.at(-1) !== draft[field]); round++) {
        const current = {
          title: draft.title,
          description: draft.description,
          [field]: seenTexts.at(-1),
        };
        const { text: next, evidence } = await provider.regenerate({
          image,
          mimeType: 'image/jpeg',
          field,
          current,
        });
        expect(next).not.toBe(current[field]);
        expect(listingDraftSchema.shape[field].parse(next)).toBe(next);
        // Every wording rests on the draft's own facts.
        expect(evidence).toEqual(draft.evidence[field]);
        seenTexts.push(next);
      }
      expect(new Set(seenTexts).size).toBeGreaterThanOrEqual(3);
      expect(seenTexts.slice(1)).toContain(draft[field]);
    },
    // Each regeneration analyses the photo again (nothing is cached between calls).
    120_000,
  );

  it('names the product by the category the seller confirmed when regenerating', async () => {
    // The two steel bottles read as a lighter; the seller filed them under Water Bottles.
    const bottles = await describePhoto('bottles-water-bottles-pair.png');
    expect(bottles.draft.title).toMatch(/Lighter/);
    const regenerate = (field: 'title' | 'description') =>
      provider.regenerate({
        image: bottles.image,
        mimeType: 'image/jpeg',
        field,
        current: { title: bottles.draft.title, description: bottles.draft.description },
        confirmedCategory: {
          id: 'gid://shopify/TaxonomyCategory/hg-11-3-11',
          fullName: 'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles',
        },
      });
    const title = await regenerate('title');
    expect(title.text).toMatch(/Water Bottle/);
    expect(title.text).not.toMatch(/Lighter/);
    // What the new text rests on: the seller's category and the label, no longer the classifier.
    expect(title.evidence?.sources).toContain(`category: ${CONFIRMED_CATEGORY_SOURCE}`);
    expect(title.evidence?.sources).toContain('from the label: "Solidus"');
    expect(title.evidence?.sources.join()).not.toMatch(/lighter/);
    const description = await regenerate('description');
    expect(description.text).toMatch(/water bottle for food and drinks on the go/);
    expect(description.text).toMatch(/\nType: Water Bottle\n/);
    expect(description.evidence?.sources).toContain(`category: ${CONFIRMED_CATEGORY_SOURCE}`);
  }, 60_000);

  it('offers the best wording when the seller wrote their own text', async () => {
    const next = await provider.regenerate({
      image,
      mimeType: 'image/jpeg',
      field: 'title',
      current: { title: 'My lovely bag', description: draft.description },
    });
    expect(next.text).toBe(draft.title);
  });
});

describe("the seller's confirmed products", () => {
  it('files a carton that looks like a yoghurt the seller confirmed as yoghurt, and says so', async () => {
    const yoghurt = await provider.describe({
      image: await displayImage('food-yoghurt-carton.jpg'),
      mimeType: 'image/jpeg',
    });
    expect(yoghurt.appearance).toHaveLength(1000);
    // An oat yoghurt with a Swedish label: MobileNet sees a plaster ('Band-Aid').
    const oat = await displayImage('food-oat-yoghurt-carton.jpg');
    const alone = await provider.describe({ image: oat, mimeType: 'image/jpeg' });
    expect(alone.category.fullName).not.toMatch(/> Yogurt$/);
    const learned = listingDraftSchema.parse(
      await provider.describe({
        image: oat,
        mimeType: 'image/jpeg',
        hints: {
          sellerExamples: [
            {
              title: 'Arla Naturell Yoghurt',
              categoryId: 'gid://shopify/TaxonomyCategory/fb-2-6-8',
              appearance: yoghurt.appearance!,
            },
          ],
        },
      }),
    );
    expect(learned.category.fullName).toBe(
      'Food, Beverages & Tobacco > Food Items > Dairy Products > Yogurt',
    );
    expect(learned.evidence.category?.sources[0]).toMatch(
      /^like your "Arla Naturell Yoghurt" \(\d+% alike\)$/,
    );
    expect(inventedFacts(learned, seen.get(oat)!, classMap)).toEqual([]);
  }, 60_000);
});

describe('failures', () => {
  it('turns an undecodable image into a non-retryable provider error', async () => {
    await expect(
      provider.describe({ image: Buffer.from('not an image'), mimeType: 'image/jpeg' }),
    ).rejects.toMatchObject({ reason: 'malformed', retryable: false });
  });

  it('stops when the caller has aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      provider.describe({ image: Buffer.from('x'), mimeType: 'image/jpeg' }, controller.signal),
    ).rejects.toMatchObject({ reason: 'aborted' });
  });
});
