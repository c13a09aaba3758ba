import { describe, expect, it } from 'vitest';
import type { Product } from './products';
import {
  countReadiness,
  describeLeftOut,
  describeReadiness,
  describeUnready,
  unreadyProducts,
  needsCategoryConfirmation,
  readinessNeeds,
  SURE_CONFIDENCE,
} from './readiness';
import { makeProduct } from './test-support/product';

const category = {
  id: 'gid://shopify/TaxonomyCategory/lb-13',
  fullName: 'Luggage & Bags > Backpacks',
};

function product(overrides: Partial<Product> = {}): Product {
  return makeProduct({
    price: { suggested: 48, low: null, high: null, basis: null },
    category: { ...category, confidence: 0.9 },
    ...overrides,
  });
}

describe('readinessNeeds', () => {
  it('is empty for a named, priced product with a sure category', () => {
    expect(readinessNeeds(product())).toEqual([]);
    expect(describeReadiness(readinessNeeds(product()))).toBe('Ready');
  });

  it('needs a name when the title is empty or blank', () => {
    expect(readinessNeeds(product({ title: '' }))).toEqual(['a name']);
    expect(readinessNeeds(product({ title: '   ' }))).toEqual(['a name']);
  });

  it('needs a price when there is none or it is 0', () => {
    const price = { low: 10, high: 20, basis: null };
    expect(readinessNeeds(product({ price: { ...price, suggested: null } }))).toEqual(['a price']);
    expect(readinessNeeds(product({ price: { ...price, suggested: 0 } }))).toEqual(['a price']);
    expect(readinessNeeds(product({ price: { ...price, suggested: 0.5 } }))).toEqual([]);
  });

  it('needs a sure category exactly when the card asks to confirm it', () => {
    const at = (confidence: number) => product({ category: { ...category, confidence } });
    expect(SURE_CONFIDENCE).toBe(0.75);
    expect(readinessNeeds(at(0.74))).toEqual(['a sure category']);
    expect(needsCategoryConfirmation(at(0.74))).toBe(true);
    expect(readinessNeeds(at(0.75))).toEqual([]);
    expect(needsCategoryConfirmation(at(0.75))).toBe(false);
  });

  it('never counts a guessed title as a name (issue 24)', () => {
    const guessed = (confidence: number) =>
      product({ title: 'Red Coffee', evidence: { title: { confidence, sources: [] } } });
    expect(readinessNeeds(guessed(0.4))).toEqual(['a name']);
    expect(describeReadiness(readinessNeeds(guessed(0.4)))).toBe('Needs: a name');
    expect(readinessNeeds(guessed(0.75))).toEqual([]);
  });

  it('counts a title the seller wrote, or one drafted from their word, as a name', () => {
    const unsure = { title: { confidence: 0.3, sources: [] } };
    expect(
      readinessNeeds(product({ title: 'Claw Hammer', evidence: unsure, editedFields: ['title'] })),
    ).toEqual([]);
    // 'What is this product?' and a confirmed category give the title certain evidence.
    const named = { title: { confidence: 1, sources: ['named by you: "hammer"'] } };
    expect(readinessNeeds(product({ title: 'Hammer', evidence: named }))).toEqual([]);
    // A provider that says nothing about its title (a remote model) is taken at its word.
    expect(readinessNeeds(product({ title: 'Hammer', evidence: {} }))).toEqual([]);
  });

  it('counts a category the seller confirmed as sure', () => {
    const confirmed = product({
      category: { ...category, confidence: 0.3 },
      evidence: { category: { confidence: 1, sources: ['confirmed by you'] } },
    });
    expect(readinessNeeds(confirmed)).toEqual([]);
  });

  it('needs a category when there is none, with or without alternatives', () => {
    expect(readinessNeeds(product({ category: null }))).toEqual(['a sure category']);
    const alternatives = [{ ...category, confidence: 0.3 }];
    expect(readinessNeeds(product({ category: null, categoryAlternatives: alternatives }))).toEqual(
      ['a sure category'],
    );
  });

  it('lists every need in order', () => {
    const needs = readinessNeeds(
      product({
        title: '',
        category: { ...category, confidence: 0.2 },
        price: { suggested: 0, low: null, high: null, basis: null },
      }),
    );
    expect(describeReadiness(needs)).toBe('Needs: a name, a sure category, a price');
  });
});

describe('countReadiness and describeUnready', () => {
  it('counts only generated products', () => {
    const count = countReadiness([
      product(),
      product({ id: 'p2', title: '' }),
      product({ id: 'p3', title: '', generation: { state: 'pending' } }),
      product({
        id: 'p4',
        generation: { state: 'failed', message: 'x', code: 'vision-timeout', retryable: true },
      }),
    ]);
    expect(count).toEqual({ ready: 1, total: 2, untitled: 1 });
  });

  it('says how many products without a name are left out, and why', () => {
    expect(describeLeftOut(0, 'Download')).toBeNull();
    expect(describeLeftOut(1, 'Download')).toBe(
      '1 product has no name, so it is left out of the file.',
    );
    expect(describeLeftOut(3, 'Publish')).toBe(
      '3 products have no name, so they are not sent to your store.',
    );
  });

  it('asks before downloading only when some products are not ready', () => {
    expect(describeUnready({ ready: 3, total: 5 })).toBe(
      '2 of 5 products still need attention. Download anyway?',
    );
    expect(describeUnready({ ready: 4, total: 5 })).toBe(
      '1 of 5 products still needs attention. Download anyway?',
    );
    expect(describeUnready({ ready: 0, total: 1 })).toBe(
      '1 of 1 product still needs attention. Download anyway?',
    );
    expect(describeUnready({ ready: 5, total: 5 })).toBeNull();
  });

  it('asks the same before publishing, and lists what each unready product needs', () => {
    expect(describeUnready({ ready: 1, total: 3 }, 'Publish')).toBe(
      '2 of 3 products still need attention. Publish anyway?',
    );
    const list = unreadyProducts([
      product(),
      product({ id: 'p2', title: '', price: { ...product().price, suggested: null } }),
      product({ id: 'p3', title: '', generation: { state: 'pending' } }),
    ]);
    expect(list.map(({ product, needs }) => [product.id, needs])).toEqual([
      ['p2', ['a name', 'a price']],
    ]);
  });
});
