import { memo } from 'react';
import type { Product } from '#domain/products';
import { CardCheckbox } from '#web/components/ui/card-checkbox';
import { useMountedSlices } from '#web/lib/use-mounted-slices';
import { PRODUCT_ID_ATTRIBUTE } from './next-to-answer';
import { ProductCard } from './product-card';

/** Cards mounted with the list's first paint: more than two fill a 900 px screen. */
const FIRST_CARDS = 3;
/** Cards mounted per task after that: each ready card costs a few milliseconds to draw. */
const CARDS_PER_TASK = 4;

/** The ticks on the cards (see useReviewCombine); `toggle` keeps its identity. */
export interface ReviewTicks {
  selectable: boolean;
  selectedIds: readonly string[];
  toggle(id: string): void;
}

/**
 * The review's cards. They mount a few at a time, the first screen at once, so a list of a
 * hundred never blocks the page; cards off screen skip layout and paint (content-visibility).
 * Each card renders again only when its own product changes: the cached list keeps every other
 * product's object as it was (upserts replace one; refetches share unchanged ones structurally).
 */
export function ReviewList({
  products,
  ticks,
}: {
  products: readonly Product[];
  ticks: ReviewTicks;
}) {
  const mounted = useMountedSlices(products.length, FIRST_CARDS, CARDS_PER_TASK);
  return (
    // The scroll margin keeps a focused field clear of the sticky bottom bar (about 5rem tall
    // with its offset), wherever the browser scrolls it into view.
    <ul className="flex flex-col gap-4 [&_*]:scroll-mb-24" aria-label="Products">
      {products.slice(0, mounted).map((product) => (
        <ReviewItem
          key={product.id}
          product={product}
          selectable={ticks.selectable}
          selected={ticks.selectedIds.includes(product.id)}
          onToggle={ticks.toggle}
        />
      ))}
    </ul>
  );
}

const ReviewItem = memo(function ReviewItem({
  product,
  selectable,
  selected,
  onToggle,
}: {
  product: Product;
  selectable: boolean;
  selected: boolean;
  onToggle(id: string): void;
}) {
  return (
    <li
      {...{ [PRODUCT_ID_ATTRIBUTE]: product.id }}
      className="[contain-intrinsic-size:auto_24rem] [content-visibility:auto]"
    >
      <ProductCard
        product={product}
        selectControl={
          // With one product there is nothing to combine it with: no tick to clutter its photo.
          selectable &&
          product.generation.state === 'ready' && (
            <CardCheckbox
              label={`Select ${product.title || product.fileName}`}
              checked={selected}
              onChange={() => onToggle(product.id)}
            />
          )
        }
      />
    </li>
  );
});
