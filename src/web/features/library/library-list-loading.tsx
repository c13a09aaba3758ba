/** The parts of the library's list that load it: pages still to come, and its end. */
import { memo, useEffect, useRef } from 'react';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';

/** How far beyond the screen the next page starts loading. */
const LOAD_MARGIN = '800px 0px';
/**
 * The height a product not loaded yet holds: a card's intrinsic size (the list items'
 * `contain-intrinsic-size`) and the gap after it, so the list is as tall as its total and the
 * scroll bar, End and Page Down reach any part of it.
 */
const ITEM_REM = 23;

/**
 * Products not loaded yet: an empty block of their height (nothing in it for assistive
 * technology, which reads the list's size from the items) that asks for its page when it
 * comes near the screen.
 */
export const PageToCome = memo(function PageToCome({
  index,
  size,
  onNear,
  wanted,
}: {
  /** Which page of the list it stands for. */
  index: number;
  size: number;
  /**
   * Keeps its identity: the list holds up to two hundred of these, and each renders again only
   * when its own page changes.
   */
  onNear: (index: number) => void;
  wanted: boolean;
}) {
  const ref = useNearScreen<HTMLDivElement>(wanted, () => onNear(index));
  return (
    <div
      ref={ref}
      data-testid="library-page-to-come"
      style={{ height: `${size * ITEM_REM - 1}rem` }}
    />
  );
});

/** Calls `onNear` when the element comes near the screen, while `wanted`. */
function useNearScreen<T extends Element>(wanted: boolean, onNear: () => void) {
  const ref = useRef<T>(null);
  const onNearRef = useRef(onNear);
  useEffect(() => {
    onNearRef.current = onNear;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || !wanted || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) onNearRef.current();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);
  return ref;
}

/**
 * After the list: a failure to load a page, with Retry; and while the loaded pages end the
 * list (`atEnd`), the next page, loaded when this comes near the screen. Keyed by the number
 * of pages, so a fresh observer looks again after each page (a short page leaves it in view).
 */
export function LoadMore({
  atEnd,
  hasNextPage,
  loading,
  error,
  retry,
  loadMore,
}: {
  atEnd: boolean;
  hasNextPage: boolean;
  loading: boolean;
  error: string | null;
  retry: () => void;
  loadMore: () => void;
}) {
  const ref = useNearScreen<HTMLDivElement>(
    atEnd && hasNextPage && !loading && error === null,
    loadMore,
  );

  if (error === null && !(atEnd && hasNextPage)) return null;
  return (
    <div ref={ref} data-testid="library-sentinel" className="flex justify-center py-6">
      {error !== null ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-red-700">
          {error}
          <Button size="sm" variant="secondary" onClick={retry}>
            Retry
          </Button>
        </div>
      ) : loading ? (
        <Spinner label="Loading more products" className="size-6 text-brand-600" />
      ) : (
        // Reached without scrolling (keyboard, or a screen taller than the list): loads on request.
        <Button variant="ghost" size="sm" onClick={loadMore}>
          Show more products
        </Button>
      )}
    </div>
  );
}
