import { describe, expect, it } from 'vitest';
import { factsFromSellerText, sellerTextSource } from './seller-text-facts';

describe('facts a seller’s text states', () => {
  it('reads a material and a size, with the words around each', () => {
    expect(factsFromSellerText('Hand-thrown in stoneware. Holds 12 oz of coffee.')).toEqual([
      { name: 'Material', value: 'Stoneware', quote: 'Hand-thrown in stoneware' },
      { name: 'Size', value: '12 oz', quote: 'Holds 12 oz of coffee' },
    ]);
  });

  it('prefers the longer material and reads two dimensions', () => {
    expect(factsFromSellerText('Stainless steel tray, 30x20 cm')).toEqual([
      expect.objectContaining({ value: 'Stainless steel' }),
      expect.objectContaining({ value: '30 × 20 cm' }),
    ]);
  });

  it('guesses nothing: no unit, no size; a word inside another, no material', () => {
    expect(factsFromSellerText('Made in 1970, pack of 2, oakland print')).toEqual([]);
  });

  it('names the seller’s words for Why?, cut to fit', () => {
    expect(sellerTextSource('description', 'solid oak')).toBe('your description: "solid oak"');
    expect(sellerTextSource('title', 'x'.repeat(400)).length).toBeLessThanOrEqual(200);
  });
});
