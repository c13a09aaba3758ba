import { useEffect, useState } from 'react';

/**
 * How many of a list's items to mount now: `first` at once (enough to fill the screen), then
 * `slice` more per task until all are, so no single task mounts the whole list (a ready product
 * card is a few hundred elements). Once all were mounted the list stays whole: items that
 * arrive later (new drafts on top) mount with it, and none already there is taken away again.
 */
export function useMountedSlices(total: number, first: number, slice: number): number {
  const [count, setCount] = useState(first);
  const [whole, setWhole] = useState(false);
  // Adjusted while rendering (no extra pass): the moment the list is mounted whole.
  if (!whole && count >= total) setWhole(true);

  useEffect(() => {
    if (whole || count >= total) return;
    // A task of its own (not the next frame): slices follow each other as fast as the browser
    // lets them, each short enough to leave room for input and painting.
    const timer = setTimeout(() => setCount((shown) => shown + slice), 0);
    return () => clearTimeout(timer);
  }, [whole, count, total, slice]);

  return whole ? total : Math.min(count, total);
}
