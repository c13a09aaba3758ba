import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { productGaps } from '#domain/catalogue-gaps';
import type { LibraryPage } from '#domain/library';
import type { Product } from '#domain/products';
import { Button } from '#web/components/ui/button';
import { CardCheckbox } from '#web/components/ui/card-checkbox';
import { Spinner } from '#web/components/ui/spinner';
import { useMountedSlices } from '#web/lib/use-mounted-slices';
import { GapChips } from './gap-filters';

/** How far beyond the screen pages stay rendered, and the next page starts loading. */
const KEEP_MARGIN = '1500px 0px';
const LOAD_MARGIN = '800px 0px';
/** Cards mounted with the first page's first paint: more than fill a 900 px screen. */
const FIRST_CARDS = 3;
/** Cards mounted per task after that: a page of 50 at once was a 200-300 ms task. */
const CARDS_PER_TASK = 4;

/**
 * How the route draws a product: the review feature's card, editable or not, with the audit's
 * chips of what the listing lacks.
 */
export type RenderLibraryCard = (
  product: Product,
  options: { readOnly: boolean; selectControl: ReactNode; gapChips: ReactNode },
) => ReactNode;

/**
 * The library as pages of cards. Pages far from the screen give their cards up and keep only
 * their height, so the page holds a few hundred cards at most however far the seller scrolls;
 * within a page, cards off screen skip layout and paint (content-visibility), and a page's cards
 * mount a few per task, so no frame waits for fifty. Each card renders again only when its own
 * product or tick changes. The next page loads when the end of the list comes near.
 */
export function LibraryList({
  pages,
  total,
  renderCard,
  readOnly,
  isSelected,
  onToggle,
  hasNextPage,
  loadingMore,
  loadMoreError,
  loadMore,
}: {
  pages: readonly LibraryPage[];
  total: number;
  /** Keeps its identity (the cards are memoised), as does `onToggle`. */
  renderCard: RenderLibraryCard;
  readOnly: boolean;
  isSelected: (id: string) => boolean;
  onToggle: (id: string) => void;
  hasNextPage: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  loadMore: () => void;
}) {
  // Where each page starts in the whole list, for the items' positions.
  const starts: number[] = [];
  pages.reduce((sum, page) => {
    starts.push(sum);
    return sum + page.products.length;
  }, 0);
  return (
    <>
      {/* Listitems sit in page wrappers (plain divs, ignored by assistive technology). */}
      <div role="list" aria-label="Products" className="flex flex-col gap-4 [&_*]:scroll-mb-40">
        {pages.map((page, index) => {
          const first = starts[index]!;
          return (
            // Pages never move once loaded (new pages go after them), so the index is stable.
            <PageWindow
              key={index}
              size={page.products.length}
              firstCards={index === 0 ? FIRST_CARDS : CARDS_PER_TASK}
            >
              {(mounted) =>
                page.products
                  .slice(0, mounted)
                  .map((product, offset) => (
                    <LibraryItem
                      key={product.id}
                      product={product}
                      position={first + offset + 1}
                      total={total}
                      readOnly={readOnly}
                      selected={isSelected(product.id)}
                      duplicateTitle={page.duplicateTitleIds.includes(product.id)}
                      onToggle={onToggle}
                      renderCard={renderCard}
                    />
                  ))
              }
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

const LibraryItem = memo(function LibraryItem({
  product,
  position,
  total,
  readOnly,
  selected,
  duplicateTitle,
  onToggle,
  renderCard,
}: {
  product: Product;
  position: number;
  total: number;
  readOnly: boolean;
  selected: boolean;
  /** Another library product has its title (the server says, per page). */
  duplicateTitle: boolean;
  onToggle: (id: string) => void;
  renderCard: RenderLibraryCard;
}) {
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={total}
      className="[contain-intrinsic-size:auto_22rem] [content-visibility:auto]"
    >
      {renderCard(product, {
        readOnly,
        selectControl: (
          <CardCheckbox
            label={`Select ${product.title || product.fileName}`}
            checked={selected}
            onChange={() => onToggle(product.id)}
          />
        ),
        gapChips: <GapChips gaps={productGaps(product, duplicateTitle)} />,
      })}
    </div>
  );
});

/** One loaded page: its cards while near the screen, else an empty block of the same height. */
function PageWindow({
  size,
  firstCards,
  children,
}: {
  size: number;
  firstCards: number;
  children: (mounted: number) => ReactNode;
}) {
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
      {/* Mounted afresh each time the page comes near again, a few cards per task. */}
      {near ? <PageCards size={size} firstCards={firstCards} render={children} /> : null}
    </div>
  );
}

function PageCards({
  size,
  firstCards,
  render,
}: {
  size: number;
  firstCards: number;
  render: (mounted: number) => ReactNode;
}) {
  return render(useMountedSlices(size, firstCards, CARDS_PER_TASK));
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
