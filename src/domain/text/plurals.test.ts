import { describe, expect, it } from 'vitest';
import { singular, stem } from './plurals';

/**
 * Plural → singular. The two stemmers this replaced disagreed on -us and -is words ('cactus' →
 * 'cactu' in one, 'bikinis' kept whole in the other) and both missed -ves, -oes and -ses plurals.
 */
const PLURALS: [plural: string, one: string][] = [
  ['glasses', 'glass'],
  ['boxes', 'box'],
  ['shoes', 'shoe'],
  ['dresses', 'dress'],
  ['knives', 'knife'],
  ['shelves', 'shelf'],
  ['berries', 'berry'],
  ['batteries', 'battery'],
  ['cherries', 'cherry'],
  ['beanies', 'beanie'],
  ['hoodies', 'hoodie'],
  ['neckties', 'necktie'],
  ['cookies', 'cookie'],
  ['ties', 'tie'],
  ['watches', 'watch'],
  ['tomatoes', 'tomato'],
  ['bikinis', 'bikini'],
  ['skis', 'ski'],
  ['lenses', 'lens'],
  ['buses', 'bus'],
  ['styluses', 'stylus'],
  ['buzzes', 'buzz'],
  ['hats', 'hat'],
];

describe('singular', () => {
  it.each(PLURALS)('%s → %s', (plural, one) => {
    expect(singular(plural)).toBe(one);
  });

  it.each(['cactus', 'hummus', 'glass', 'tennis', 'analysis', 'lens', 'canvas', 'series', 'bus'])(
    'leaves %s, which is already singular, as it is',
    (word) => {
      expect(singular(word)).toBe(word);
    },
  );

  it('does not read every -ties/-dies/-ves word as -tie/-die/-f', () => {
    expect(['parties', 'studies', 'gloves', 'valves', 'olives'].map(singular)).toEqual([
      'party',
      'study',
      'glove',
      'valve',
      'olive',
    ]);
  });
});

describe('stem', () => {
  it.each(PLURALS)('%s and %s meet', (plural, one) => {
    expect(stem(plural)).toBe(stem(one));
  });

  it('keeps a singular in -us whole: cactus is not "cactu"', () => {
    expect(stem('cactus')).toBe('cactus');
    expect(stem('cactus')).not.toBe(stem('cactu'));
  });

  it('lets spellings the singular cannot tell apart meet', () => {
    expect(stem('calories')).toBe(stem('calorie'));
    expect(stem('hoody')).toBe(stem('hoodie'));
    expect(stem('heroes')).toBe(stem('hero'));
  });

  it('keeps different words apart', () => {
    expect(stem('caps')).not.toBe(stem('capes'));
    expect(stem('tubs')).not.toBe(stem('tubes'));
  });
});
