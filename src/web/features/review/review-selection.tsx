import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { PhotoGroup } from '#domain/api/product-photos';
import type { Product } from '#domain/products';
import { CombineButton } from '#web/components/combine-button';
import { Button } from '#web/components/ui/button';
import { useCombineProducts } from '#web/lib/combine-products';
import { PhotoGroupBanners } from './photo-group-banner';
import type { ReviewTicks } from './review-list';
import { usePhotoGroups } from './use-photo-actions';
import { useAutosaver } from './use-product-autosave';

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * The review screen's ways to make one product of several drafts: ticks on the cards (in the
 * order ticked: the first keeps its listing and main photo), 'Combine into one product' for
 * them, and the suggested groups of look-alike photos.
 */
export function useReviewCombine(products: readonly Product[]) {
  const autosaver = useAutosaver();
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const combine = useCombineProducts({
    beforeCombine: () => autosaver.flushAll(),
    onCombined: (reply) => {
      reply.removedProductIds.forEach((id) => autosaver.discard(id));
      setTicked([]);
    },
  });
  const { groups, dismiss } = usePhotoGroups(products);
  const ready = new Map(
    products
      .filter((product) => product.generation.state === 'ready')
      .map((product) => [product.id, product]),
  );
  // A ticked product deleted or combined away meanwhile is no longer selected.
  const selected = ticked.filter((id) => ready.has(id));
  const photoCount = selected.reduce((sum, id) => sum + (ready.get(id)?.photos.length ?? 0), 0);
  const combiningIds = combine.isPending ? combine.variables : null;

  // The cards hold on to one toggle (they are memoised), which reads the products of now.
  const readyNow = useRef(ready);
  useLayoutEffect(() => {
    readyNow.current = ready;
  });
  const toggle = useCallback(
    (id: string) =>
      setTicked((current) =>
        current.includes(id)
          ? current.filter((each) => each !== id)
          : [...current.filter((each) => readyNow.current.has(each)), id],
      ),
    [],
  );
  const ticks: ReviewTicks = { selectedIds: selected, toggle };

  const banners = (
    <PhotoGroupBanners
      groups={groups}
      products={products}
      combining={
        combiningIds === null
          ? null
          : (groups.find((group) => sameIds(group.productIds, combiningIds))?.id ?? null)
      }
      onCombine={(group: PhotoGroup) => combine.mutate(group.productIds)}
      onDismiss={(group: PhotoGroup) => dismiss.mutate(group)}
    />
  );

  // Only once a card is ticked: until then the ticks on the cards are the way in, and the bar
  // keeps its review actions on one row at 1366 px.
  const actions =
    ready.size > 1 && (selected.length > 0 || combiningIds !== null) ? (
      <div className="flex items-center gap-3">
        <CombineButton
          selectedCount={selected.length}
          photoCount={photoCount}
          busy={combiningIds !== null && sameIds(combiningIds, selected)}
          onCombine={() => combine.mutate(selected)}
        />
        <p role="status" className="text-sm text-slate-600">
          {selected.length} selected
        </p>
        <Button variant="ghost" size="sm" onClick={() => setTicked([])}>
          Clear selection
        </Button>
      </div>
    ) : null;

  return { ticks, banners, actions };
}
