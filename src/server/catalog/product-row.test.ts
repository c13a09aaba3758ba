// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { storedGuidance } from './product-row.js';

const saved = JSON.stringify([
  { kind: 'name-product', text: 'Say what this product is.' },
  { kind: 'confirm-category', text: 'Check the category.' },
  { kind: 'add-size', text: 'Add the size.' },
]);

describe('stored guidance', () => {
  it('returns what the draft asked while nothing is done', () => {
    const kinds = storedGuidance({ guidance: saved, title: '', categoryConfirmedAt: null }).map(
      (item) => item.kind,
    );
    expect(kinds).toEqual(['name-product', 'confirm-category', 'add-size']);
  });

  it('drops the name once the product has a title, and the category once confirmed', () => {
    const row = { guidance: saved, title: 'Brass Desk Organiser', categoryConfirmedAt: new Date() };
    expect(storedGuidance(row)).toEqual([{ kind: 'add-size', text: 'Add the size.' }]);
  });

  it('keeps the valid items of a damaged value, one per kind', () => {
    const damaged = JSON.stringify([
      { kind: 'add-size', text: 'Add the size.' },
      { kind: 'add-size', text: 'Add it again.' },
      { kind: 'add-price', text: 'Not a kind.' },
      'text',
    ]);
    expect(storedGuidance({ guidance: damaged, title: 'Mug', categoryConfirmedAt: null })).toEqual([
      { kind: 'add-size', text: 'Add the size.' },
    ]);
    expect(storedGuidance({ guidance: '{oops', title: 'Mug', categoryConfirmedAt: null })).toEqual(
      [],
    );
  });
});
