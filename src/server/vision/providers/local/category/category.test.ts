// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '#server/vision/taxonomy.js';
import type { ImageClassScore, TextLine } from '../evidence.js';
import { loadImagenetTaxonomy, parseImagenetTaxonomy } from './imagenet-taxonomy.js';
import { buildLabelIndex, matchLabelText } from './label-matcher.js';
import { rankCategories } from './rank-categories.js';

const taxonomy = loadTaxonomy();
const classMap = loadImagenetTaxonomy();
const labelIndex = buildLabelIndex(taxonomy);
const modelLabels: string[] = JSON.parse(
  readFileSync(
    new URL('../../../models/mobilenetv2-12/imagenet-simple-labels.json', import.meta.url),
    'utf8',
  ),
);

const cls = (index: number, score: number): ImageClassScore => ({
  index,
  label: modelLabels[index]!,
  score,
});
const line = (text: string, confidence = 0.97): TextLine => ({ text, confidence });
const rank = (classes: ImageClassScore[], lines: TextLine[] = []) =>
  rankCategories({ classes, labels: matchLabelText(lines, labelIndex), classMap, taxonomy });

describe('the ImageNet → taxonomy map', () => {
  it('covers a few hundred product classes, each a real category named as the model names it', () => {
    expect(classMap.size).toBeGreaterThan(300);
    for (const meaning of classMap.values()) {
      expect(meaning.label).toBe(modelLabels[meaning.index]);
      expect(taxonomy.byId(meaning.categoryId), meaning.label).toBeDefined();
    }
  });

  it('splits a class between its own category and its look-alikes, never adding to its score', () => {
    for (const meaning of classMap.values()) {
      const total = meaning.shares.reduce((sum, share) => sum + share.share, 0);
      expect(total, meaning.label).toBeCloseTo(1, 9);
      expect(meaning.shares[0]!.categoryId).toBe(meaning.categoryId);
      for (const share of meaning.shares) expect(taxonomy.byId(share.categoryId)).toBeDefined();
    }
    const idOf = (label: string) => classMap.get(modelLabels.indexOf(label))?.categoryId;
    expect(taxonomy.byId(idOf('coffee mug')!)!.name).toBe('Mugs');
    expect(taxonomy.byId(idOf('sock')!)!.name).toBe('Socks');
    expect(taxonomy.byId(idOf('T-shirt')!)!.name).toBe('T-Shirts');
    expect(taxonomy.byId(idOf('running shoe')!)!.name).toBe('Athletic Shoes');
    expect(taxonomy.byId(idOf('water bottle')!)!.name).toBe('Water Bottles');
    expect(taxonomy.byId(idOf('dough')!)!.name).toBe('Dough');
  });

  it('rejects a look-alike that would outweigh what the class means', () => {
    const entry = (share: number) => ({
      classes: [[968, 'cup', 'hg-11-10-5-2', 'cup', [['hg-11-10-5-5', share, 'mug']]]],
    });
    expect(parseImagenetTaxonomy(entry(0.4)).get(968)!.shares).toEqual([
      { categoryId: 'hg-11-10-5-2', share: 0.6, noun: 'cup' },
      { categoryId: 'hg-11-10-5-5', share: 0.4, noun: 'mug' },
    ]);
    expect(() => parseImagenetTaxonomy(entry(0.5))).toThrow(/look-alike/);
  });

  it('maps product classes by meaning and animals or scenes to nothing', () => {
    const idOf = (label: string) => classMap.get(modelLabels.indexOf(label))?.categoryId;
    expect(idOf('backpack')).toBe('lb-1');
    expect(taxonomy.byId(idOf('sunglasses')!)!.fullName).toBe(
      'Apparel & Accessories > Clothing Accessories > Sunglasses',
    );
    expect(taxonomy.byId(idOf('computer mouse')!)!.name).toBe('Mice & Trackballs');
    // A fruit or vegetable class goes to its own leaf where the taxonomy has one.
    const nameOf = (label: string) => taxonomy.byId(idOf(label)!)!.name;
    expect(['Granny Smith', 'orange', 'lemon', 'broccoli', 'ear of corn'].map(nameOf)).toEqual([
      'Apples',
      'Oranges',
      'Lemons',
      'Broccoli',
      'Corn',
    ]);
    expect(idOf('tabby cat')).toBeUndefined();
    expect(idOf('volcano')).toBeUndefined();
    expect(idOf('velvet')).toBeUndefined();
  });
});

describe('ranking', () => {
  it('files a confident class under its category with a high confidence and its noun', () => {
    const { chosen } = rank([cls(414, 0.82), cls(636, 0.07), cls(748, 0.07)]);
    expect(chosen.category.id).toBe('lb-1');
    expect(chosen.noun).toBe('backpack');
    expect(chosen.confidence).toBeGreaterThan(0.7);
  });

  it('sums related classes on their common category and offers the narrower one as alternative', () => {
    const { chosen, alternatives } = rank([cls(808, 0.54), cls(515, 0.43)]);
    expect(chosen.category.name).toBe('Hats');
    expect(chosen.confidence).toBeGreaterThan(0.9);
    expect(chosen.noun).toBe('hat');
    expect(alternatives.map((a) => a.category.name)).toEqual(['Cowboy Hats']);
  });

  it('is less sure when classes disagree, and lists the others as alternatives, best first', () => {
    const { chosen, alternatives } = rank([cls(414, 0.5), cls(636, 0.3), cls(748, 0.1)]);
    expect(chosen.category.name).toBe('Backpacks');
    expect(chosen.confidence).toBeLessThan(0.5);
    // Handbags: the purse (0.1) and the mail bag's shoulder-bag share (0.3 × 0.3) together.
    expect(alternatives.map((a) => a.category.name)).toEqual([
      'Handbags',
      'Messenger Bags',
      'Shoulder Bags',
    ]);
    expect(alternatives[0]!.confidence).toBeLessThan(chosen.confidence);
  });

  it('files a cup-like mug under Mugs when the mug class agrees, and names it a mug', () => {
    const { chosen, alternatives } = rank([cls(968, 0.75), cls(504, 0.24)]);
    expect(chosen.category.name).toBe('Mugs');
    expect(chosen.noun).toBe('mug');
    expect(alternatives[0]!.category.name).toBe('Coffee & Tea Cups');
    // A cup alone is still a cup.
    expect(rank([cls(968, 0.8)]).chosen).toMatchObject({
      category: { name: 'Coffee & Tea Cups' },
      noun: 'cup',
    });
  });

  it('weighs a messenger-like bag seen as a purse too as a handbag', () => {
    // 'mail bag' photos are shoulder bags: with 'purse' beside it, the handbag reading wins.
    const { chosen, alternatives } = rank([cls(636, 0.61), cls(748, 0.28)]);
    expect(chosen.category.name).toBe('Handbags');
    expect(chosen.confidence).toBeLessThan(0.5);
    expect(alternatives.map((a) => a.category.name)).toContain('Messenger Bags');
  });

  it('offers look-alikes the taxonomy files elsewhere: duffels, mills, totes, desserts', () => {
    const namesOf = (classes: ImageClassScore[]) => {
      const { chosen, alternatives } = rank(classes);
      return [chosen, ...alternatives].map((ranked) => ranked.category.name);
    };
    expect(namesOf([cls(636, 0.9)])).toEqual(expect.arrayContaining(['Duffel Bags']));
    expect(namesOf([cls(773, 0.9)])).toEqual(['Serveware', 'Spice Grinders']);
    expect(namesOf([cls(728, 0.9)])).toEqual(['Shopping Totes']);
    // The chocolate-sauce class's photos are mostly desserts covered in it.
    expect(namesOf([cls(960, 0.9)])).toEqual(['Dessert Toppings', 'Cakes & Dessert Bars']);
  });

  it('offers a broad choice its narrower categories before unrelated ones', () => {
    // A reflex camera may be film or digital: 'Cameras'. The faint instant-camera reading is the
    // seller's next question, ahead of a stronger but unrelated lens cap; so faint, it says
    // 'film camera' more surely than 'instant', and is offered once, as the broader kind.
    const { chosen, alternatives } = rank([cls(759, 0.9), cls(732, 0.01), cls(622, 0.03)]);
    expect(chosen.category.name).toBe('Cameras');
    expect(alternatives.map((a) => a.category.name)).toEqual(['Film Cameras', 'Lens Caps']);
  });

  it('offers a category and a narrower one resting on the same evidence once', () => {
    // A model-worn sweatshirt: 'Clothing Tops' and 'Uniforms' would only repeat the sweatshirt
    // and lab-coat readings that 'Sweatshirts' and 'White Coats' already offer.
    const { chosen, alternatives } = rank([
      cls(841, 0.13),
      cls(617, 0.1),
      cls(608, 0.05),
      cls(529, 0.04),
    ]);
    expect(chosen.category.name).toBe('Clothing');
    expect(alternatives.map((a) => a.category.name)).toEqual([
      'White Coats',
      'Sweatshirts',
      'Jeans',
    ]);
  });

  it("offers a fairly sure narrow choice's broader kind ahead of alternatives nothing supports", () => {
    // A folding camera the model calls a Polaroid: film camera, yes; instant, maybe not.
    const sure = rank([cls(732, 0.78), cls(745, 0.04), cls(859, 0.01)]);
    expect(sure.chosen.category.name).toBe('Instant Film Cameras');
    expect(sure.alternatives.map((a) => a.category.name)).toEqual([
      'Film Cameras',
      'Projectors',
      'Toasters',
    ]);
    expect(sure.alternatives[0]!.confidence).toBe(sure.chosen.confidence);
    // Unsure of the choice, the seller is offered what the evidence points at instead.
    const unsure = rank([cls(732, 0.3), cls(745, 0.25)]);
    expect(unsure.alternatives.map((a) => a.category.name)).toEqual(['Projectors']);
  });

  it('names the product by the noun its classes say together', () => {
    // Pitcher 0.49 alone is under half; water and whiskey jug together say jug.
    const { chosen } = rank([cls(725, 0.49), cls(899, 0.48), cls(901, 0.02)]);
    expect(chosen.category.name).toBe('Serving Pitchers & Carafes');
    expect(chosen.noun).toBe('jug');
  });

  it('files foods, mushrooms and a vest-like top by what the classes mean', () => {
    const namesOf = (index: number) => {
      const { chosen, alternatives } = rank([cls(index, 0.9)]);
      return [chosen, ...alternatives].map((ranked) => ranked.category.name);
    };
    expect(namesOf(964)[0]).toBe('Pies & Tarts');
    expect(namesOf(963)[0]).toBe('Prepared Meals & Entrées');
    expect(namesOf(996)[0]).toBe('Mushrooms');
    // A black sleeveless top on a white background is what most shop photos of the class show.
    expect(namesOf(465)).toEqual(
      expect.arrayContaining(['Bullet Proof Vests', 'Vests', 'Tank Tops']),
    );
  });

  it('offers the look-alike garment as an alternative', () => {
    const { chosen, alternatives } = rank([cls(841, 0.9)]);
    expect(chosen.category.name).toBe('Sweatshirts');
    expect(alternatives.map((a) => [a.category.name, a.noun])).toContainEqual([
      'Hoodies',
      'hoodie',
    ]);
  });

  it('lets label and classifier reinforce each other', () => {
    const classOnly = rank([cls(720, 0.6), cls(838, 0.1)]).chosen;
    const both = rank(
      [cls(720, 0.6), cls(838, 0.1)],
      [line('Vitamin E'), line('365 Capsules')],
    ).chosen;
    expect(both.category.name).toBe('Vitamins & Supplements');
    expect(both.confidence).toBeGreaterThan(classOnly.confidence);
    expect(['Vitamin E', '365 Capsules']).toContain(both.labels[0]!.line);
  });

  it('trusts the label when the classes say nothing product-like', () => {
    const { chosen } = rank([cls(916, 0.22), cls(904, 0.1)], [line('Arla'), line('YOGHURT')]);
    expect(chosen.category.name).toBe('Yogurt');
    expect(chosen.noun).toBe('yoghurt');
  });

  it('leaves the product Uncategorized with confidence 0 when nothing points anywhere', () => {
    expect(rank([cls(904, 0.66), cls(281, 0.2)]).chosen).toMatchObject({
      category: { id: 'na' },
      confidence: 0,
      noun: null,
    });
    const weak = rank([cls(828, 0.06)]);
    expect(weak.chosen.confidence).toBe(0);
    expect(weak.alternatives.map((a) => a.category.name)).toEqual(['Strainers']);
  });

  it('gives the same ranking for the same evidence', () => {
    const classes = [cls(636, 0.4), cls(748, 0.4), cls(414, 0.2)];
    expect(rank(classes)).toEqual(rank([...classes]));
  });
});
