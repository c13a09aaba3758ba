// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadTaxonomy } from '#server/vision/taxonomy.js';
import type { TextLine } from '../evidence.js';
import { buildLabelIndex, matchLabelText } from './label-matcher.js';

const taxonomy = loadTaxonomy();
const labelIndex = buildLabelIndex(taxonomy);
const line = (text: string, confidence = 0.97): TextLine => ({ text, confidence });

describe('label text → category', () => {
  it('files a vitamin tub under Vitamins & Supplements', () => {
    const [best] = matchLabelText(
      [line('SOLIMO'), line('High Strength'), line('Vitamin E 268 mg'), line('365 Capsules')],
      labelIndex,
    );
    expect(taxonomy.byId(best!.categoryId)!.name).toBe('Vitamins & Supplements');
    expect(best!.score).toBeGreaterThan(0.8);
  });

  it.each([
    ['Arla', 'YOGHURT NATURELL', 'Yogurt'],
    ['Tropicana', 'Pressed Apple Juice', 'Juices, Milkshakes & Smoothies'],
    ['famosi', 'Crisp Almond Cookies', 'Cookies'],
    ['Polaroid', 'I-TYPE CAMERA', 'Cameras'],
  ])('reads "%s / %s" as %s', (first, second, name) => {
    const matches = matchLabelText([line(first), line(second)], labelIndex);
    expect(taxonomy.byId(matches[0]!.categoryId)!.name).toBe(name);
    // Flavour and brand words on a labelled product do not become categories of their own.
    expect(matches).toHaveLength(1);
  });

  it.each([
    ['Triangle Bikini Top', 'Bikinis'],
    ['Floating Wall Shelf', 'Shelves'],
    ['Cherry Tomato Seeds', 'Tomatoes'],
  ])('meets the plural of a category name: "%s" names %s', (text, name) => {
    const matches = matchLabelText([line(text)], labelIndex);
    expect(matches.map((match) => taxonomy.byId(match.categoryId)!.name)).toContain(name);
  });

  it('finds taxonomy names in descriptive lines, not in a lone logo word', () => {
    expect(matchLabelText([line('Canvas Backpack for school')], labelIndex)[0]!.categoryId).toBe(
      'lb-1',
    );
    expect(matchLabelText([line('STARTER')], labelIndex)).toEqual([]);
  });

  it('reads a lone "SOYA" as a soy product, maybe a drink, and longer soy phrases as what they name', () => {
    const namesOf = (text: string) =>
      matchLabelText([line(text)], labelIndex).map(
        (match) => taxonomy.byId(match.categoryId)!.name,
      );
    const nameOf = (text: string) => namesOf(text)[0];
    expect(namesOf('SOYA')).toEqual(['Tofu, Soy & Vegetarian Products', 'Soy Drinks']);
    expect(nameOf('Soya Drink')).toBe('Soy Drinks');
    expect(nameOf('Soy Sauce')).toBe('Soy Sauce');
  });

  it('reads a name broken over two adjacent lines as one name', () => {
    const namesOf = (...texts: string[]) =>
      matchLabelText(
        texts.map((text) => line(text)),
        labelIndex,
      ).map((match) => [taxonomy.byId(match.categoryId)!.name, match.line]);
    expect(namesOf('TAPE', 'MEASURE')).toEqual([['Tape Measures', 'TAPE MEASURE']]);
    // Lines apart are not joined, and a word its own line matched is not matched again.
    expect(namesOf('TAPE', 'Acme', 'MEASURE')).toEqual([]);
    expect(namesOf('Pressed Apple Juice', 'Drink')).toEqual([
      ['Juices, Milkshakes & Smoothies', 'Pressed Apple Juice'],
    ]);
  });

  it('ignores lines read too unsurely', () => {
    expect(matchLabelText([line('Vitamin E capsules', 0.4)], labelIndex)).toEqual([]);
  });
});
