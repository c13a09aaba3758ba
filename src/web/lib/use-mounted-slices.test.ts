import { describe, expect, it } from 'vitest';
import { nextSliceSize } from './use-mounted-slices';

describe('slice sizes', () => {
  it('fits as many items as the last slice’s cost per item allows in the budget', () => {
    // 4 cards in 8 ms: 2 ms each, 10 fit in 20 ms.
    expect(nextSliceSize(4, 8)).toBe(10);
    // 4 cards in 60 ms (a loaded machine): one at a time.
    expect(nextSliceSize(4, 60)).toBe(1);
  });

  it('stays between one item and the largest slice', () => {
    expect(nextSliceSize(4, 0)).toBe(24);
    expect(nextSliceSize(4, 0.5)).toBe(24);
    expect(nextSliceSize(1, 500)).toBe(1);
  });
});
