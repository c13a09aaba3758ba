import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nextSliceSize, useMountedSlices } from './use-mounted-slices';

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

describe('useMountedSlices', () => {
  it('mounts the rest in slices, and none while held', async () => {
    const { result, rerender } = renderHook(
      ({ held }: { held: boolean }) => useMountedSlices(10, 3, 4, held),
      { initialProps: { held: true } },
    );
    expect(result.current).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(result.current).toBe(3);

    rerender({ held: false });
    await waitFor(() => expect(result.current).toBe(10));
  });
});
