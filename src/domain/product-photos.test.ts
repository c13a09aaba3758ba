import { describe, expect, it } from 'vitest';
import {
  fitsOneProduct,
  PHOTO_ORDER_MESSAGES,
  photoGroupKey,
  photoOrderError,
  suggestPhotoGroups,
  type GroupCandidate,
} from './product-photos';
import { MAX_PRODUCT_PHOTOS } from './products';

describe('photo order', () => {
  const current = ['a', 'b', 'c'];

  it('accepts the same photos in any order', () => {
    expect(photoOrderError(current, ['c', 'a', 'b'])).toBeNull();
    expect(photoOrderError(current, current)).toBeNull();
  });

  it('refuses a missing, extra, foreign or repeated photo', () => {
    expect(photoOrderError(current, ['a', 'b'])).toBe(PHOTO_ORDER_MESSAGES.count);
    expect(photoOrderError(current, ['a', 'b', 'c', 'x'])).toBe(PHOTO_ORDER_MESSAGES.unknown);
    expect(photoOrderError(current, ['a', 'b', 'x'])).toBe(PHOTO_ORDER_MESSAGES.unknown);
    expect(photoOrderError(current, ['a', 'a', 'b'])).toBe(PHOTO_ORDER_MESSAGES.repeated);
    expect(photoOrderError(current, ['a', 'b', 'c', 'c'])).toBe(PHOTO_ORDER_MESSAGES.repeated);
  });

  it('fits at most MAX_PRODUCT_PHOTOS photos in one product', () => {
    expect(fitsOneProduct([MAX_PRODUCT_PHOTOS - 1, 1])).toBe(true);
    expect(fitsOneProduct([MAX_PRODUCT_PHOTOS, 1])).toBe(false);
  });
});

describe('suggested photo groups', () => {
  const unit = (axis: number, tilt = 0) =>
    Array.from({ length: 8 }, (_, i) => (i === axis ? 1 : i === (axis + 1) % 8 ? tilt : 0));
  const candidate = (
    id: string,
    appearance: number[],
    batch = 'b1',
    photoCount = 1,
  ): GroupCandidate => ({ id, batch, appearance, photoCount });

  it('groups alike photos of one upload, in upload order; a lone photo is no group', () => {
    const groups = suggestPhotoGroups(
      [
        candidate('p1', unit(0)),
        candidate('p2', unit(3)),
        candidate('p3', unit(0, 0.2)),
        candidate('p4', unit(0, 0.1)),
      ],
      [],
    );
    expect(groups).toEqual([['p1', 'p3', 'p4']]);
  });

  it('never groups photos of different uploads, or a chain of photos not all alike', () => {
    expect(
      suggestPhotoGroups([candidate('p1', unit(0)), candidate('p2', unit(0), 'b2')], []),
    ).toEqual([]);
    // p2 is like p1 and p3, but p1 and p3 are not alike: p3 does not join.
    const at = (degrees: number) => {
      const radians = (degrees * Math.PI) / 180;
      return [Math.cos(radians), Math.sin(radians), 0, 0];
    };
    const chain = suggestPhotoGroups(
      [candidate('p1', at(0)), candidate('p2', at(27.5)), candidate('p3', at(55))],
      [],
    );
    expect(chain).toEqual([['p1', 'p2']]);
  });

  it('keeps a group within the photo limit', () => {
    const groups = suggestPhotoGroups(
      [
        candidate('p1', unit(0), 'b1', MAX_PRODUCT_PHOTOS - 1),
        candidate('p2', unit(0)),
        candidate('p3', unit(0)),
      ],
      [],
    );
    expect(groups).toEqual([['p1', 'p2']]);
  });

  it('does not offer a dismissed group, or any part of one, again', () => {
    const candidates = [
      candidate('p1', unit(0)),
      candidate('p2', unit(0)),
      candidate('p3', unit(0)),
    ];
    expect(suggestPhotoGroups(candidates, [photoGroupKey(['p3', 'p2', 'p1'])])).toEqual([]);
    expect(suggestPhotoGroups(candidates.slice(0, 2), [photoGroupKey(['p1', 'p2', 'p3'])])).toEqual(
      [],
    );
    expect(suggestPhotoGroups(candidates, [photoGroupKey(['p1', 'p2'])])).toEqual([
      ['p1', 'p2', 'p3'],
    ]);
  });

  it('keys a group by its sorted ids', () => {
    expect(photoGroupKey(['b', 'a', 'c'])).toBe('a,b,c');
  });
});
