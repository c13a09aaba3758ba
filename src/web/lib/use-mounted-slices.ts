import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * What one slice may cost: well under the 50 ms after which a task holds up input and frames,
 * leaving room for the style and layout work that follows it.
 */
const SLICE_BUDGET_MS = 20;
/** A slice never grows past this, however cheap the items measured. */
const MAX_SLICE = 24;

/** The next slice's size: as many items as the last slice's cost per item fits in the budget. */
export function nextSliceSize(lastSlice: number, lastCostMs: number): number {
  const perItem = lastCostMs / Math.max(1, lastSlice);
  if (perItem <= 0) return MAX_SLICE;
  return Math.max(1, Math.min(MAX_SLICE, Math.floor(SLICE_BUDGET_MS / perItem)));
}

/**
 * How many of a list's items to mount now: `first` at once (enough to fill the screen), then
 * slices in tasks of their own until all are, so no single task mounts the whole list (a ready
 * product card is a few hundred elements). The first slice is `slice` items; each next one is
 * as many as fit the frame budget at the cost the last one measured (render and commit), so a
 * fast machine mounts the list in a few tasks and a loaded one in many short ones. Once all were
 * mounted the list stays whole: items that arrive later (new drafts on top) mount with it, and
 * none already there is taken away again. While `held`, no more are mounted (the list is about
 * to be replaced).
 */
export function useMountedSlices(
  total: number,
  first: number,
  slice: number,
  held = false,
): number {
  const [count, setCount] = useState(first);
  const [whole, setWhole] = useState(false);
  // Adjusted while rendering (no extra pass): the moment the list is mounted whole.
  if (!whole && count >= total) setWhole(true);
  const size = useRef(slice);

  useEffect(() => {
    if (held || whole || count >= total) return;
    // A task of its own (not the next frame): slices follow each other as fast as the browser
    // lets them, each short enough to leave room for input and painting.
    const timer = setTimeout(() => {
      const next = size.current;
      const startedAt = performance.now();
      // Rendered and committed in this task, so what it cost is measured here.
      flushSync(() => setCount((shown) => shown + next));
      size.current = nextSliceSize(next, performance.now() - startedAt);
    }, 0);
    return () => clearTimeout(timer);
  }, [held, whole, count, total]);

  return whole ? total : Math.min(count, total);
}
