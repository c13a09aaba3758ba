import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { productGaps } from '#domain/catalogue-gaps';
import { LIBRARY_PAGE_SIZE, type LibraryPage } from '#domain/library';
import type { Product } from '#domain/products';
import { CardCheckbox } from '#web/components/ui/card-checkbox';
import { useMountedSlices } from '#web/lib/use-mounted-slices';
import { GapChips } from './gap-filters';
import { LoadMore, PageToCome } from './library-list-loading';
import type { JumpedPage } from './use-library';

/** How far beyond the screen pages stay rendered. */
const KEEP_MARGIN = '1500px 0px';
/** Cards mounted with the first page's first paint: more than fill a 900 px screen. */
const FIRST_CARDS = 3;
/** Cards mounted per task after that: a page of 50 at once was a 200-300 ms task. */
const CARDS_PER_TASK = 4;

/**
 * True while the search box holds a term other than the one listed: the seller has typed on,
 * and these results will be replaced. Their cards still to mount wait, or mounting them would
 * hold up the next term's request and drawing (each slice is a task of ~20 ms).
 */
export const ResultsSuperseded = createContext(false);

/**
 * How the route draws a product: the review feature's card, editable or not, with the audit's
 * chips of what the listing lacks.
 */
export type RenderLibraryCard = (
  product: Product,
  options: { readOnly: boolean; selectControl: ReactNode; gapChips: ReactNode },
) => ReactNode;

/**
 * The library as pages of cards, as tall as all its products. Pages load in order as the seller
 * scrolls (keyset cursors); a page far below the loaded ones that comes near the screen (End,
 * the scroll bar) is asked for at its offset, and until then holds its products' height. Pages
 * far from the screen give their cards up and keep only their height, so the page holds a few
 * hundred cards at most however far the seller goes; within a page, cards off screen skip
 * layout and paint (content-visibility), and a page's cards mount a few per task, so no frame
 * waits for fifty. Each card renders again only when its own product or tick changes.
 */
export function LibraryList({
  pages,
  jumped,
  onJump,
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
  /** The pages loaded in order from the top. */
  pages: readonly LibraryPage[];
  /** Pages further down, by their index in the list of LIBRARY_PAGE_SIZE-product pages. */
  jumped: ReadonlyMap<number, JumpedPage>;
  /** A page far below the loaded ones came near the screen. */
  onJump: (index: number) => void;
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
  // One callback for every page to come, reading the list of now.
  const latest = useRef({ loadedPages: pages.length, loadMore, onJump });
  useLayoutEffect(() => {
    latest.current = { loadedPages: pages.length, loadMore, onJump };
  });
  const onNearPage = useCallback((index: number) => {
    const now = latest.current;
    // The page right after the loaded ones comes by cursor, as scrolling down loads it.
    if (index === now.loadedPages) now.loadMore();
    else now.onJump(index);
  }, []);
  const cards = (page: LibraryPage, first: number) => (mounted: number) =>
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
      ));
  const loaded: ReactNode[] = [];
  let first = 0;
  pages.forEach((page, index) => {
    loaded.push(
      // Pages never move once loaded (new pages go after them), so the index is stable.
      <PageWindow
        key={index}
        size={page.products.length}
        firstCards={index === 0 ? FIRST_CARDS : CARDS_PER_TASK}
      >
        {cards(page, first)}
      </PageWindow>,
    );
    first += page.products.length;
  });
  // The rest of the list, page by page: jumped to, or the height of the products to come.
  const beyond: ReactNode[] = [];
  const pageCount = Math.ceil(total / LIBRARY_PAGE_SIZE);
  for (let index = pages.length; index < pageCount; index++) {
    const start = index * LIBRARY_PAGE_SIZE;
    const jump = jumped.get(index);
    beyond.push(
      jump?.page ? (
        <PageWindow key={index} size={jump.page.products.length} firstCards={CARDS_PER_TASK}>
          {cards(jump.page, start)}
        </PageWindow>
      ) : (
        <PageToCome
          key={index}
          index={index}
          size={Math.min(LIBRARY_PAGE_SIZE, total - start)}
          onNear={onNearPage}
          wanted={
            index === pages.length
              ? hasNextPage && !loadingMore && loadMoreError === null
              : jump === undefined
          }
        />
      ),
    );
  }
  const failed = [...jumped.values()].filter((jump) => jump.error !== null);
  return (
    <>
      {/* Listitems sit in page wrappers (plain divs, ignored by assistive technology). */}
      <div role="list" aria-label="Products" className="flex flex-col gap-4 [&_*]:scroll-mb-40">
        {loaded}
        {beyond}
      </div>
      <LoadMore
        key={pages.length}
        // With the pages to come in the list, they ask for themselves as they come near.
        atEnd={beyond.length === 0}
        hasNextPage={hasNextPage}
        loading={loadingMore}
        error={loadMoreError ?? failed[0]?.error ?? null}
        retry={() => {
          if (loadMoreError !== null) loadMore();
          failed.forEach((jump) => jump.retry());
        }}
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
  const held = useContext(ResultsSuperseded);
  return render(useMountedSlices(size, firstCards, CARDS_PER_TASK, held));
}
