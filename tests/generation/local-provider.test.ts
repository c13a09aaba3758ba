import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { listingDraftSchema, type ListingDraft } from '../../src/domain/listing-draft.js';
import { createLocalVisionProvider } from '../../src/server/generation/providers/local/local-provider.js';
import { analyzePhoto } from '../../src/server/generation/providers/local/photo-analysis.js';
import { normalizeImage } from '../../src/server/images/normalize.js';
import type { AcceptedImageType } from '../../src/server/images/sniff.js';
import { PHOTOS_DIR } from '../images/support.js';

const TYPE_BY_EXTENSION: Record<string, AcceptedImageType> = {
  '.jpg': 'jpeg',
  '.png': 'png',
  '.gif': 'gif',
  '.webp': 'webp',
};
const UNCATEGORIZED_GID = 'gid://shopify/TaxonomyCategory/na';

const provider = createLocalVisionProvider();

/** What the provider gets in the app: intake's display JPEG of the photo. */
async function displayImage(name: string): Promise<Buffer> {
  const type = TYPE_BY_EXTENSION[path.extname(name)]!;
  const normalized = await normalizeImage(readFileSync(path.join(PHOTOS_DIR, name)), type);
  return normalized.display.data;
}

const drafts = new Map<string, { image: Buffer; draft: ListingDraft }>();
async function describePhoto(name: string) {
  const cached = drafts.get(name);
  if (cached) return cached;
  const image = await displayImage(name);
  const draft = listingDraftSchema.parse(
    await provider.describe({ image, mimeType: 'image/jpeg' }),
  );
  drafts.set(name, { image, draft });
  return { image, draft };
}

const colorsOf = (draft: ListingDraft) => draft.attributes.colors.map((c) => c.toLowerCase());

describe('every fixture photo gets a valid, honest draft', () => {
  const photos = readdirSync(PHOTOS_DIR).filter((name) => path.extname(name) in TYPE_BY_EXTENSION);

  it('has photos to try', () => {
    expect(photos.length).toBeGreaterThan(60);
  });

  it.each(photos)('%s', async (name) => {
    const { draft } = await describePhoto(name);
    expect(listingDraftSchema.parse(draft)).toEqual(draft);
    expect(draft.category).toEqual({
      id: UNCATEGORIZED_GID,
      fullName: 'Uncategorized',
      confidence: 0,
    });
    expect(draft.attributes).toMatchObject({ material: null, brand: null, size: null });
    expect(draft.attributes.colors.length).toBeGreaterThan(0);
    // The title names the main colour and nothing about the background.
    expect(draft.title.toLowerCase()).toContain(colorsOf(draft)[0]);
    expect(draft.title).not.toMatch(/background/i);
    // The description asks for what pixels cannot tell, in plain paragraphs.
    expect(draft.description).toMatch(/brand/);
    expect(draft.description).toMatch(/material/);
    expect(draft.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
    expect(draft.altText).toMatch(/background/);
    expect(draft.tags).toEqual(expect.arrayContaining(colorsOf(draft)));
  });
});

describe('what the pixels show', () => {
  it('names red for the red hoodie, first', async () => {
    const { draft } = await describePhoto('apparel-hoodie-red.png');
    expect(colorsOf(draft)[0]).toBe('red');
    expect(draft.title).toBe('Red Item');
    expect(draft.tags).toContain('red');
  });

  it.each(['apparel-tshirt-black-thumb.jpg', 'apparel-tshirt-black-alpha.png'])(
    'names black for the black T-shirt %s',
    async (name) => {
      const { draft } = await describePhoto(name);
      expect(colorsOf(draft)[0]).toBe('black');
      expect(draft.title).toMatch(/^Black\b/);
    },
  );

  it('reports a plain white background for a studio shot', async () => {
    const { image, draft } = await describePhoto('apparel-hoodie-red.png');
    const evidence = await analyzePhoto(image);
    expect(evidence.background).toMatchObject({ kind: 'plain', color: 'white' });
    expect(evidence.colorRegion).toBe('subject');
    expect(draft.description).toContain('on a plain white background');
    expect(draft.altText).toBe('Red item on a plain white background');
  });

  it('reports a busy background for a model shot and reads the middle instead', async () => {
    const evidence = await analyzePhoto(await displayImage('apparel-dress-red-model.jpg'));
    expect(evidence.background.kind).toBe('busy');
    expect(evidence.colorRegion).toBe('centre');
    expect(evidence.subjectArea).toBeNull();
  });

  it('tells orientation from the shape of the photo', async () => {
    expect((await analyzePhoto(await displayImage('apparel-hoodie-red.png'))).orientation).toBe(
      'landscape',
    );
    expect(
      (await analyzePhoto(await displayImage('bags-gym-duffel-model-tall.jpg'))).orientation,
    ).toBe('portrait');
    expect(
      (await analyzePhoto(await displayImage('apparel-tshirt-black-thumb.jpg'))).orientation,
    ).toBe('square');
  });

  it('tells a blurred copy from the sharp original and says so', async () => {
    const original = await displayImage('apparel-hoodie-red.png');
    const blurred = await sharp(original).blur(4).jpeg().toBuffer();
    expect((await analyzePhoto(original)).sharpness.level).toBe('sharp');
    expect((await analyzePhoto(blurred)).sharpness.level).toBe('soft');
    const draft = await provider.describe({ image: blurred, mimeType: 'image/jpeg' });
    expect(draft.description).toMatch(/soft/);
  });

  it('calls a dark photo dark', async () => {
    const dark = await sharp(await displayImage('apparel-hoodie-red.png'))
      .linear(0.2, 0)
      .jpeg()
      .toBuffer();
    expect((await analyzePhoto(dark)).brightness.level).toBe('dark');
  });

  it('names the two colours of a two-colour product on a plain background', async () => {
    const half = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#ffffff' },
    })
      .composite([
        {
          // More red than blue, so red is named first.
          input: { create: { width: 150, height: 200, channels: 3, background: '#c81e1e' } },
          left: 50,
          top: 50,
        },
        {
          input: { create: { width: 100, height: 200, channels: 3, background: '#1e56c8' } },
          left: 200,
          top: 50,
        },
      ])
      .png()
      .toBuffer();
    const draft = await provider.describe({ image: half, mimeType: 'image/png' });
    expect(draft.title).toBe('Red and Blue Item');
    expect(draft.attributes.colors.sort()).toEqual(['Blue', 'Red']);
    expect(draft.altText).toBe('Red and blue item on a plain white background');
  });
});

describe('determinism and regeneration', () => {
  let image: Buffer;
  let draft: ListingDraft;
  beforeAll(async () => {
    ({ image, draft } = await describePhoto('bags-tote-red-carried.png'));
  });

  it('gives the same draft for the same photo', async () => {
    const again = await createLocalVisionProvider().describe({ image, mimeType: 'image/jpeg' });
    expect(again).toEqual(draft);
  });

  it.each(['title', 'description'] as const)(
    'regenerates a different, valid %s and cycles through its wordings',
    async (field) => {
      const seen = [draft[field]];
      for (let round = 0; round < 6; round++) {
        const current = {
          title: draft.title,
          description: draft.description,
          [field]: seen.at(-1),
        };
        const next = await provider.regenerate({ image, mimeType: 'image/jpeg', field, current });
        expect(next).not.toBe(current[field]);
        expect(listingDraftSchema.shape[field].parse(next)).toBe(next);
        seen.push(next);
      }
      const distinct = new Set(seen);
      expect(distinct.size).toBeGreaterThanOrEqual(3);
      // The cycle comes back round: the draft's own wording is offered again.
      expect(seen.slice(1)).toContain(draft[field]);
      // Same input, same answer.
      const current = { title: draft.title, description: draft.description };
      const once = await provider.regenerate({ image, mimeType: 'image/jpeg', field, current });
      const twice = await provider.regenerate({ image, mimeType: 'image/jpeg', field, current });
      expect(once).toBe(twice);
    },
  );

  it('offers the best wording when the seller wrote their own text', async () => {
    const next = await provider.regenerate({
      image,
      mimeType: 'image/jpeg',
      field: 'title',
      current: { title: 'My lovely tote', description: draft.description },
    });
    expect(next).toBe(draft.title);
  });
});

describe('price', () => {
  it('comes from the seller’s own prices when there are any', async () => {
    const { image } = await describePhoto('apparel-hoodie-red.png');
    const draft = await provider.describe({
      image,
      mimeType: 'image/jpeg',
      hints: {
        sellerPrices: [
          { title: 'Mug', price: 12 },
          { title: 'Cap', price: 30 },
          { title: 'Tee', price: 18 },
          { title: 'Hoodie', price: 45 },
          { title: 'Broken', price: Number.NaN },
          { title: 'Free', price: 0 },
        ],
      },
    });
    expect(draft.price).toMatchObject({ low: 12, suggested: 24, high: 45, currency: 'USD' });
    expect(draft.price.basis).toMatch(
      /your own products' prices \(4 products, \$12\.00 to \$45\.00\)/,
    );
  });

  it('falls back to a broad figure across all categories, and says so', async () => {
    const { draft } = await describePhoto('apparel-hoodie-red.png');
    const { low, suggested, high, basis } = draft.price;
    expect(low).toBeLessThanOrEqual(suggested);
    expect(suggested).toBeLessThanOrEqual(high);
    expect([low, suggested, high]).toEqual([12.99, 19.89, 35.99]);
    expect(basis).toMatch(/^a broad guess, not specific to this product/);
    expect(basis).toMatch(/9,770 Amazon listings/);
    expect(basis).toMatch(/ODC-By/);
  });
});

describe('failures', () => {
  it('turns an undecodable image into a non-retryable provider error', async () => {
    await expect(
      provider.describe({ image: Buffer.from('not an image'), mimeType: 'image/jpeg' }),
    ).rejects.toMatchObject({ reason: 'malformed', retryable: false });
  });

  it('stops when the caller has aborted', async () => {
    const { image } = await describePhoto('apparel-hoodie-red.png');
    const controller = new AbortController();
    controller.abort();
    await expect(
      provider.describe({ image, mimeType: 'image/jpeg' }, controller.signal),
    ).rejects.toMatchObject({ reason: 'aborted' });
  });
});
