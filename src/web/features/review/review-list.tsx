import { memo, useRef, useState } from 'react';
import type { Product } from '#domain/products';
import { CardCheckbox } from '#web/components/ui/card-checkbox';
import { useProducts } from '#web/lib/products';
import { useWholeCard, type CardMounter } from './card-mounting';
import { LightProductCard } from './light-product-card';
import { PRODUCT_ID_ATTRIBUTE } from './next-to-answer';
import { ProductCard } from './product-card';

/** Cards drawn whole with the list's first paint: two fill a 900 px screen under the header. */
const FIRST_CARDS = 2;

/** The ticks on the cards (see useReviewCombine); `toggle` keeps its identity. */
export interface ReviewTicks {
  selectedIds: readonly string[];
  toggle(id: string): void;
}

/**
 * The review's cards (the cached list's), every one on the page at once: the first screen whole, the others light
 * until their turn (card-mounting.ts), so a list of a hundred never blocks the page; cards off
 * screen skip layout and paint (content-visibility). Each card renders again only when its own
 * product, tick or turn changes: the cached list keeps every other product's object as it was
 * (upserts replace one; refetches share unchanged ones structurally).
 */
export function ReviewList({ ticks, mounter }: { ticks: ReviewTicks; mounter: CardMounter }) {
  // The cache itself, not the screen's deferred copy: a changed card is drawn at once.
  const products = useProducts().data ?? [];
  // With one product there is nothing to combine it with: no ticks at all. Read from the cache
  // as the cards are, not from the screen's deferred copy, which catches up only once drafts
  // stop arriving: every card would then render again at once to show its tick.
  const selectable = products.filter(isReady).length > 1;
  useState(() => mounter.wholeFromStart(products.slice(0, FIRST_CARDS).map(({ id }) => id)));
  return (
    // The scroll margin keeps a focused field clear of the sticky bottom bar (about 5rem tall
    // with its offset), wherever the browser scrolls it into view.
    <ul className="flex flex-col gap-4 [&_*]:scroll-mb-24" aria-label="Products">
      {products.map((product) => (
        <ReviewItem
          key={product.id}
          product={product}
          mounter={mounter}
          selectable={selectable}
          selected={ticks.selectedIds.includes(product.id)}
          onToggle={ticks.toggle}
        />
      ))}
    </ul>
  );
}

function isReady(product: Product): boolean {
  return product.generation.state === 'ready';
}

const ReviewItem = memo(function ReviewItem({
  product,
  mounter,
  selectable,
  selected,
  onToggle,
}: {
  product: Product;
  mounter: CardMounter;
  selectable: boolean;
  selected: boolean;
  onToggle(id: string): void;
}) {
  const item = useRef<HTMLLIElement>(null);
  const ready = isReady(product);
  const whole = useWholeCard(mounter, product.id, ready, item);
  return (
    <li
      ref={item}
      {...{ [PRODUCT_ID_ATTRIBUTE]: product.id }}
      className="[contain-intrinsic-size:auto_24rem] [content-visibility:auto]"
    >
      {ready && !whole ? (
        <LightProductCard product={product} />
      ) : (
        <ProductCard
          product={product}
          selectControl={
            // With one product there is nothing to combine it with: no tick to clutter its photo.
            selectable &&
            ready && (
              <CardCheckbox
                label={`Select ${product.title || product.fileName}`}
                checked={selected}
                onChange={() => onToggle(product.id)}
              />
            )
          }
        />
      )}
    </li>
  );
});
