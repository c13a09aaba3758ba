// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { listingDraftSchema } from '#domain/listing-draft.js';
import { SURE_CONFIDENCE } from '#domain/readiness.js';
import { inventedFacts } from './draft-audit.js';
import { buildDraft, draftFacts } from './draft-builder.js';
import { cleanName } from './draft-facts.js';
import { descriptionWordings } from './draft-description.js';
import { nextWording, titleWordings } from './draft-wording.js';
import type { ImageClassScore, ListingEvidence, PhotoEvidence, TextLine } from './evidence.js';
import { isEnglishWord } from './label-words.js';
import { createDraftContext } from './local-provider.js';

const context = createDraftContext();

const studioPhoto: PhotoEvidence = {
  width: 512,
  height: 384,
  orientation: 'landscape',
  background: { kind: 'plain', color: 'white', hex: '#ffffff', uniformity: 0.97 },
  colorRegion: 'subject',
  colors: [
    { name: 'red', hex: '#c21f24', share: 0.6 },
    { name: 'black', hex: '#111111', share: 0.33 },
  ],
  subjectArea: 0.42,
  sharpness: { level: 'sharp', blur: 0.1 },
  brightness: { level: 'bright', meanLightness: 82 },
};

function evidence(
  classes: ImageClassScore[],
  lines: TextLine[] = [],
  barcode: ListingEvidence['barcode'] = null,
): ListingEvidence {
  return { photo: studioPhoto, classes, text: { lines, rotation: 0 }, barcode };
}

// Classes read surely enough that the calibrated certainty of the kind reaches SURE_CONFIDENCE.
const backpack = evidence([
  { index: 414, label: 'backpack', score: 0.95 },
  { index: 636, label: 'mail bag', score: 0.02 },
]);
const camera = evidence(
  [{ index: 732, label: 'Polaroid camera', score: 0.92 }],
  [
    { text: 'Polaroid', confidence: 0.99 },
    { text: 'I-TYPE CAMERA', confidence: 0.92 },
  ],
  { format: 'EAN-13', text: '5012345678900', gtin: '5012345678900' },
);
const unknown = evidence([{ index: 904, label: 'window screen', score: 0.6 }]);

// The English word list (274,000 words) is read on first use: read it here, not inside the first
// test's time limit.
beforeAll(() => {
  isEnglishWord('warm');
}, 60_000);

describe('a draft from evidence', () => {
  it('names colour and product from a confident class, with evidence for every field', () => {
    const draft = buildDraft(backpack, context);
    expect(listingDraftSchema.parse(draft)).toEqual(draft);
    expect(draft.title).toBe('Red and Black Backpack');
    expect(draft.category.confidence).toBeGreaterThanOrEqual(SURE_CONFIDENCE);
    expect(draft.category).toMatchObject({
      id: 'gid://shopify/TaxonomyCategory/lb-1',
      fullName: 'Luggage & Bags > Backpacks',
    });
    expect(draft.categoryAlternatives[0]!.fullName).toBe('Luggage & Bags > Messenger Bags');
    expect(draft.evidence.title!.sources).toEqual([
      'looks like: backpack (95%)',
      'colour: red (60% of the product)',
      'colour: black (33% of the product)',
    ]);
    expect(draft.evidence.category!.confidence).toBe(draft.category.confidence);
    // One form of the noun: the category's plural ('backpacks') is not added to 'backpack'.
    expect(draft.tags).toEqual(['backpack', 'red', 'black']);
    expect(draft.altText).toBe('Red and black backpack on a plain white background');
    expect(draft.description).toBe(
      'A red and black backpack for carrying your things on your back. Take it along wherever ' +
        'the day goes.\n\nType: Backpack\nColour: red and black',
    );
    // The search engine listing: the same facts, one line each, within Shopify's limits.
    expect(draft.seoTitle).toBe('Red and Black Backpack');
    expect(draft.seoDescription).toBe(
      'A red and black backpack for carrying your things on your back. Take it along wherever ' +
        'the day goes. Type: Backpack. Colour: red and black.',
    );
    // What the photo cannot tell is asked of the seller, apart from the listing copy.
    expect(draft.guidance.map((item) => item.kind)).toEqual([
      'add-brand',
      'add-material',
      'add-size',
      'add-condition',
    ]);
  });

  it('keeps every note to the seller out of the listing fields, in every wording', () => {
    for (const found of [backpack, camera, unknown]) {
      const draft = buildDraft(found, context);
      const facts = draftFacts(found, context);
      const listing = [
        ...titleWordings(facts),
        ...descriptionWordings(facts),
        draft.altText,
        draft.seoTitle,
        draft.seoDescription,
        ...draft.tags,
      ].join('\n');
      expect(listing).not.toMatch(
        /please|confirm|before publishing|still to add|\badd the\b|say what|the photo|cannot show|item\b/i,
      );
      expect(draft.guidance.length).toBeGreaterThan(0);
    }
  });

  it('quotes label words and the barcode, and files the GTIN', () => {
    const draft = buildDraft(camera, context);
    expect(draft.title).toBe('Polaroid I-Type Camera');
    expect(draft.barcode).toBe('5012345678900');
    expect(draft.description).toContain(
      'A red and black instant camera for taking pictures, printed with "Polaroid" and "I-Type Camera".',
    );
    expect(draft.description).toContain('Barcode (GTIN): 5012345678900');
    // Label text shows the seller the brand is there: only the condition is asked.
    expect(draft.guidance.map((item) => item.kind)).toEqual(['add-condition']);
    expect(draft.evidence.title!.sources).toContain('from the label: "Polaroid"');
    expect(draft.evidence.description!.sources).toContain('barcode: 5012345678900');
    // The label is quoted, never called a brand.
    expect(draft.attributes.brand).toBeNull();
    // A word printed twice on the pack is quoted once.
    const twice = evidence(camera.classes, [
      ...camera.text.lines,
      { text: 'POLAROID', confidence: 0.95 },
    ]);
    expect(buildDraft(twice, context).description).toContain(
      'On the label: "Polaroid" and "I-Type Camera"\n',
    );
  });

  it('leaves the title empty and asks for a name when nothing tells what the product is', () => {
    const draft = buildDraft(unknown, context);
    expect(draft.title).toBe('');
    expect(draft.seoTitle).toBe('');
    expect(titleWordings(draftFacts(unknown, context))).toEqual(['']);
    expect(draft.category).toMatchObject({ fullName: 'Uncategorized', confidence: 0 });
    expect(draft.description).toBe('In red and black, as pictured.\n\nColour: red and black');
    expect(draft.guidance.slice(0, 2)).toEqual([
      { kind: 'name-product', text: 'Say what this product is: the photo alone does not show it.' },
      {
        kind: 'confirm-category',
        text: 'Choose a category: the photo does not show which one it belongs to.',
      },
    ]);
    // Regenerating an empty title has nothing new to offer: it stays empty.
    expect(nextWording([''], '')).toBe('');
    expect(draft.evidence.category!.sources).toEqual([
      'no class or label text points to a category',
    ]);
  });

  it('advises on a soft or dark photo in the guidance, from the measurements', () => {
    const dim = {
      ...backpack,
      photo: {
        ...studioPhoto,
        sharpness: { level: 'soft', blur: 0.7 },
        brightness: { level: 'dark', meanLightness: 18 },
      },
    } satisfies ListingEvidence;
    const { description, guidance } = buildDraft(dim, context);
    expect(description).toBe(buildDraft(backpack, context).description);
    expect(guidance).toContainEqual({
      kind: 'improve-photo',
      text: 'The photo looks slightly soft: a sharper one shows buyers more detail.',
    });
    expect(buildDraft(backpack, context).guidance.map((item) => item.kind)).not.toContain(
      'improve-photo',
    );
  });

  it.each([
    ['a class', backpack],
    ['a label and a barcode', camera],
    ['nothing', unknown],
  ])('invents no brand, material or size from %s', (_, found) => {
    const draft = buildDraft(found, context);
    expect(inventedFacts(draft, found, context.classMap)).toEqual([]);
    expect(draft.attributes).toMatchObject({ brand: null, material: null, size: null });
    for (const field of ['title', 'description'] as const) {
      const wordings =
        field === 'title'
          ? titleWordings(draftFacts(found, context))
          : descriptionWordings(draftFacts(found, context));
      for (const wording of wordings) {
        expect(inventedFacts({ ...draft, [field]: wording }, found, context.classMap)).toEqual([]);
      }
    }
  });

  it('takes the singular of a category it filed under as evidence ("Clothing Accessory")', () => {
    const draft = buildDraft(backpack, context);
    const filed = {
      ...draft,
      title: 'Black Clothing Accessory',
      category: {
        id: 'aa-2',
        fullName: 'Apparel & Accessories > Clothing Accessories',
        confidence: 0.5,
      },
    };
    expect(inventedFacts(filed, backpack, context.classMap)).toEqual([]);
    expect(
      inventedFacts({ ...filed, title: 'Black Jewelry Accessory' }, backpack, context.classMap),
    ).toEqual([{ field: 'title', kind: 'brand', text: 'jewelry' }]);
  });

  it('catches an invented brand, material or size', () => {
    const draft = buildDraft(backpack, context);
    const facts = inventedFacts(
      { ...draft, title: 'Acme Leather Backpack 30 L' },
      backpack,
      context.classMap,
    ).map((fact) => `${fact.kind}:${fact.text}`);
    expect(facts).toEqual(expect.arrayContaining(['brand:acme', 'material:leather', 'size:30 L']));
  });

  it('is deterministic and regenerates a different honest wording', () => {
    expect(buildDraft(camera, context)).toEqual(buildDraft(structuredClone(camera), context));
    const titles = titleWordings(draftFacts(camera, context));
    expect(new Set(titles).size).toBeGreaterThanOrEqual(3);
    expect(nextWording(titles, titles[0]!)).toBe(titles[1]);
    for (const found of [backpack, camera, unknown]) {
      const descriptions = descriptionWordings(draftFacts(found, context));
      expect(new Set(descriptions).size, 'each regenerate gives another phrasing').toBe(
        descriptions.length,
      );
      expect(descriptions.length).toBeGreaterThanOrEqual(2);
      expect(nextWording(descriptions, descriptions[0]!)).toBe(descriptions[1]);
    }
  });
});

describe('title words', () => {
  const cls = (index: number, label: string, score: number) => ({ index, label, score });
  const read = (text: string, confidence = 0.99) => ({ text, confidence });
  const titleOf = (found: ListingEvidence) => buildDraft(found, context).title;

  it('puts a label word in the title only beside a product noun', () => {
    const orange = evidence([cls(692, 'packet', 0.5)], [read('orange'), read('100%')]);
    expect(titleOf(orange)).toBe('');
    // Still quoted in the description, where it is what it is: text on the label.
    expect(buildDraft(orange, context).description).toContain('Printed with "Orange".');
    const starter = evidence([cls(414, 'backpack', 0.95)], [read('STARTER')]);
    expect(titleOf(starter)).toBe('Starter Backpack');
    // Beside a guessed noun it names nothing either: the kind is unsure, so the title is empty.
    const guessed = evidence([cls(636, 'mail bag', 0.78)], [read('STARTER')]);
    expect(titleOf(guessed)).toBe('');
    expect(buildDraft(guessed, context).description).toContain('"Starter"');
  });

  it('never uses placeholder words or punctuation fragments as a name', () => {
    const laptop = evidence(
      [cls(681, 'notebook computer', 0.73), cls(620, 'laptop computer', 0.22)],
      [read('NULL'), read('LABORATORY ROBOTICS AND BIOLOGY', 0.98)],
    );
    expect(titleOf(laptop)).toBe('Red and Black Laptop');
    const bag = evidence([cls(414, 'backpack', 0.95)], [read('ARTER.', 0.98)]);
    expect(titleOf(bag)).toBe('Red and Black Backpack');
    expect(cleanName('Polaroid')).toBe(true);
    expect(cleanName('I-TYPE CAMERA')).toBe(true);
    expect(cleanName('Arter.')).toBe(false);
    expect(cleanName('Null')).toBe(false);
    expect(cleanName('AB')).toBe(false);
  });

  it('names nothing from modest support: offers its best kinds and asks, in the guidance', () => {
    const ball = evidence([
      cls(805, 'soccer ball', 0.37),
      cls(574, 'golf ball', 0.2),
      cls(768, 'rugby ball', 0.15),
    ]);
    const draft = buildDraft(ball, context);
    expect(draft.category.confidence).toBeGreaterThanOrEqual(0.2);
    expect(draft.category.confidence).toBeLessThan(0.3);
    expect(draft.category.fullName).toMatch(/> Soccer Balls$/);
    expect(draft.title).toBe('');
    expect(draft.seoTitle).toBe('');
    expect(draft.description).toBe('In red and black, as pictured.\n\nColour: red and black');
    // The card offers the guess and its alternatives as one-click kinds.
    expect(
      [draft.category, ...draft.categoryAlternatives].map((c) => c.fullName.split(' > ').at(-1)),
    ).toEqual(['Soccer Balls', 'Golf Balls', 'Rugby Balls']);
    expect(draft.guidance.slice(0, 2)).toEqual([
      { kind: 'name-product', text: 'Say what this product is: the photo alone does not show it.' },
      {
        kind: 'confirm-category',
        text: 'Check the category: "Soccer Balls" is a best guess from the photo.',
      },
    ]);
    expect(inventedFacts(draft, ball, context.classMap)).toEqual([]);
  });

  it('titles a product name broken over two label lines as the whole name', () => {
    const tape = evidence([cls(710, 'pencil sharpener', 0.3)], [read('TAPE'), read('MEASURE')]);
    expect(buildDraft(tape, context).category.fullName).toMatch(/> Tape Measures$/);
    // Filed from the label but unsure, so unnamed; once the seller confirms the category, the
    // two lines name it whole (not 'Measure').
    expect(titleOf(tape)).toBe('');
    expect(titleWordings(draftFacts(tape, context, 'ha-15-36-31'))[0]).toBe('Tape Measure');
  });

  it("names and files a product like the seller's confirmed one, and says so", () => {
    const axis = (i: number) => Array.from({ length: 1000 }, (_, j) => (j === i ? 1 : 0));
    const tape = { ...evidence([cls(710, 'pencil sharpener', 0.42)]), appearance: axis(0) };
    const similar = axis(0).map((value, i) => (i === 1 ? Math.sqrt(1 - 0.9 ** 2) : value * 0.9));
    const hints = {
      sellerExamples: [
        {
          title: 'Steel tape measure',
          categoryId: 'gid://shopify/TaxonomyCategory/ha-15-36-31',
          appearance: similar,
        },
      ],
    };
    const draft = buildDraft(tape, { ...context, hints });
    expect(draft.category.fullName).toMatch(/> Tape Measures$/);
    // A look-alike alone is not sure: the seller's kind is offered first, one click away.
    expect(draft.title).toBe('');
    expect(draft.category.fullName).toMatch(/> Tape Measures$/);
    expect(draft.evidence.category?.sources[0]).toBe('like your "Steel tape measure" (90% alike)');
    // With the label agreeing it is surer than the look-alike alone.
    const labelled = {
      ...evidence(tape.classes, [read('TAPE'), read('MEASURE')]),
      appearance: tape.appearance,
    };
    expect(buildDraft(labelled, { ...context, hints }).category.confidence).toBeGreaterThan(
      draft.category.confidence,
    );
    expect(inventedFacts(draft, tape, context.classMap)).toEqual([]);
    // Without the seller's products the same evidence reads as what the classifier saw.
    expect(buildDraft(tape, context).category.fullName).toMatch(/> Pencil Sharpeners$/);
  });

  it('does not repeat a label word that starts the noun', () => {
    const soy = evidence([], [read('upro', 0.98), read('SOYA', 1)]);
    expect(titleOf(soy)).toBe('');
    // Named once the seller confirms the category the label points to.
    expect(titleWordings(draftFacts(soy, context, 'fb-2-19'))[0]).toBe('Upro Soya Product');
  });
});

describe('copy per vertical', () => {
  const cls = (index: number, label: string, score: number) => ({ index, label, score });

  it('sells shoes by the pair, pair nouns as a pair, and title-cases small words', () => {
    const shoe = buildDraft(evidence([cls(770, 'running shoe', 0.95)]), context);
    expect(shoe.title).toBe('Red and Black Sneakers');
    expect(shoe.description).toMatch(
      /^A pair of red and black sneakers for sport and active days\./,
    );
    expect(shoe.guidance).toContainEqual({ kind: 'add-size', text: 'Add the shoe size.' });
    const shades = buildDraft(evidence([cls(837, 'sunglasses', 0.95)]), context);
    expect(shades.description).toMatch(/^A pair of red and black sunglasses to shade your eyes/);
    const mortar = buildDraft(evidence([cls(666, 'mortar', 0.95)]), context);
    expect(mortar.title).toBe('Red and Black Mortar and Pestle');
    expect(mortar.description).toMatch(/^A red and black mortar and pestle for preparing food\./);
  });

  it("leads with the pack's words for food and asks for no condition", () => {
    const read = (text: string) => ({ text, confidence: 0.99 });
    const soy = buildDraft(evidence([], [read('upro'), read('SOYA')]), context);
    expect(soy.description.split('\n\n')[1]!.split('\n')[0]).toBe('On the pack: "Upro" and "Soya"');
    expect(soy.guidance.map((item) => item.kind)).not.toContain('add-condition');
  });
});

describe('price', () => {
  const hints = {
    sellerPrices: [
      { title: 'Canvas Backpack', price: 60 },
      { title: 'School backpack', price: 40 },
      { title: 'Mug', price: 12 },
    ],
  };

  it('uses the seller’s own similar products first', () => {
    const draft = buildDraft(backpack, { ...context, hints });
    expect(draft.price).toMatchObject({ low: 40, suggested: 50, high: 60 });
    expect(draft.price.basis).toMatch(/your own similar products' prices \(2 products/);
    expect(draft.evidence.price!.sources[0]).toContain('"Canvas Backpack"');
  });

  it('prices from the category baseline, not from unrelated products of the seller', () => {
    const shoe = evidence([{ index: 770, label: 'running shoe', score: 0.95 }]);
    const draft = buildDraft(shoe, { ...context, hints });
    expect(draft.price.basis).toMatch(/^typical US prices for .*> Athletic Shoes/);
    expect(draft.price.suggested).toBeGreaterThan(0);
    expect(draft.price.basis).not.toMatch(/your own/);
  });

  it('suggests no price when nothing tells what the product is, not even from the seller’s', () => {
    const draft = buildDraft(unknown, { ...context, hints });
    expect(draft.price).toMatchObject({ low: null, suggested: null, high: null });
    expect(draft.price.basis).toMatch(/^No price suggested: what this product is is still a guess/);
    // A guessed kind gets none either, though the seller has products like the guess.
    const guessed = evidence([{ index: 414, label: 'backpack', score: 0.82 }]);
    expect(buildDraft(guessed, { ...context, hints }).price.suggested).toBeNull();
  });

  it('walks up the taxonomy to the nearest category with baseline data, and says so', () => {
    const mortar = evidence([{ index: 666, label: 'mortar', score: 0.95 }]);
    const draft = buildDraft(mortar, context);
    expect(draft.price.basis).toMatch(
      /^typical US prices for Home & Garden > Kitchen & Dining \(the closest category with price data\)/,
    );
    expect(draft.evidence.price!.confidence).toBeLessThan(0.5);
  });

  it('suggests no price from a whole vertical’s prices, and says why', () => {
    // Instant Film Cameras has no row of its own, nor has any category up to the vertical.
    expect(context.baseline.lookup('co-2-4-2')?.row.fullName).toBe('Cameras & Optics');
    const draft = buildDraft(camera, context);
    expect(draft.price.suggested).toBeNull();
    expect(draft.price.basis).toBe(
      'No price suggested: price data exists only for all of Cameras & Optics, too broad for this product.',
    );
  });
});
