import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LibraryPage } from '#domain/library';
import type { Product } from '#domain/products';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';

/** How far beyond the screen pages stay rendered, and the next page starts loading. */
const KEEP_MARGIN = '1500px 0px';
const LOAD_MARGIN = '800px 0px';

/**
 * The library as pages of cards. Pages far from the screen give their cards up and keep only
 * their height, so the page holds a few hundred cards at most however far the seller scrolls;
 * within a page, cards off screen skip layout and paint (content-visibility). The next page
 * loads when the end of the list comes near.
 */
export function LibraryList({
  pages,
  total,
  renderItem,
  hasNextPage,
  loadingMore,
  loadMoreError,
  loadMore,
}: {
  pages: readonly LibraryPage[];
  total: number;
  renderItem: (product: Product) => ReactNode;
  hasNextPage: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  loadMore: () => void;
}) {
  // Where each page starts in the whole list, for the items' positions.
  const starts = pages.map((_page, index) =>
    pages.slice(0, index).reduce((sum, page) => sum + page.products.length, 0),
  );
  return (
    <>
      {/* Listitems sit in page wrappers (plain divs, ignored by assistive technology). */}
      <div role="list" aria-label="Products" className="flex flex-col gap-4 [&_*]:scroll-mb-40">
        {pages.map((page, index) => {
          const first = starts[index]!;
          return (
            // Pages never move once loaded (new pages go after them), so the index is stable.
            <PageWindow key={index}>
              {page.products.map((product, offset) => (
                <div
                  role="listitem"
                  key={product.id}
                  aria-posinset={first + offset + 1}
                  aria-setsize={total}
                  className="[contain-intrinsic-size:auto_22rem] [content-visibility:auto]"
                >
                  {renderItem(product)}
                </div>
              ))}
            </PageWindow>
          );
        })}
      </div>
      <LoadMore
        key={pages.length}
        hasNextPage={hasNextPage}
        loading={loadingMore}
        error={loadMoreError}
        loadMore={loadMore}
      />
    </>
  );
}

/** One loaded page: its cards while near the screen, else an empty block of the same height. */
function PageWindow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(true);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        // A page holding the focused field stays, or the seller would lose their place.
        if (!entry.isIntersecting && element.contains(document.activeElement)) return;
        if (!entry.isIntersecting) setHeight(element.getBoundingClientRect().height);
        setNear(entry.isIntersecting);
      },
      { rootMargin: KEEP_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className="flex flex-col gap-4"
      style={near || height === null ? undefined : { height }}
    >
      {near ? children : null}
    </div>
  );
}

/**
 * The end of the list: loads the next page when it comes near the screen. Keyed by the number
 * of pages, so a fresh observer looks again after each page (a short page leaves it in view).
 */
function LoadMore({
  hasNextPage,
  loading,
  error,
  loadMore,
}: {
  hasNextPage: boolean;
  loading: boolean;
  error: string | null;
  loadMore: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const wanted = hasNextPage && !loading && error === null;
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });

  useEffect(() => {
    const element = ref.current;
    if (!element || !wanted || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) loadMoreRef.current();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [wanted]);

  if (!hasNextPage) return null;
  return (
    <div ref={ref} data-testid="library-sentinel" className="flex justify-center py-6">
      {error !== null ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-red-700">
          {error}
          <Button size="sm" variant="secondary" onClick={loadMore}>
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
