import type { PhotoGroup } from '#domain/api/product-photos';
import type { Product } from '#domain/products';
import { Button } from '#web/components/ui/button';

/** 'These 3 photos look like one product. Combine?' */
export function suggestionText(count: number): string {
  return `These ${count} photos look like one product. Combine?`;
}

/**
 * Suggested groups of drafts uploaded together whose photos look alike: one line each with the
 * photos, accepted or dismissed in one click. Nothing is combined without the seller's click.
 */
export function PhotoGroupBanners({
  groups,
  products,
  combining,
  onCombine,
  onDismiss,
}: {
  groups: readonly PhotoGroup[];
  products: readonly Product[];
  /** The group being combined, if any. */
  combining: string | null;
  onCombine(group: PhotoGroup): void;
  onDismiss(group: PhotoGroup): void;
}) {
  if (groups.length === 0) return null;
  const byId = new Map(products.map((product) => [product.id, product]));
  return (
    <div className="mb-6 flex flex-col gap-2">
      {groups.map((group) => {
        const members = group.productIds.flatMap((id) => byId.get(id) ?? []);
        const photos = members.flatMap((product) => product.photos);
        const text = suggestionText(photos.length);
        return (
          <section
            key={group.id}
            aria-label={text}
            className="flex items-center gap-4 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2.5"
          >
            <div className="flex shrink-0 -space-x-2">
              {photos.slice(0, 5).map((photo) => (
                <img
                  key={photo.imageId}
                  src={photo.thumbUrl}
                  alt={photo.fileName}
                  className="size-10 rounded-md border-2 border-white object-cover shadow-sm"
                />
              ))}
            </div>
            <p className="min-w-0 flex-1 text-sm font-medium text-brand-900">{text}</p>
            <div className="flex shrink-0 items-center gap-2">
              <Button
                size="sm"
                variant="ghost"
                disabled={combining !== null}
                onClick={() => onDismiss(group)}
              >
                Dismiss
              </Button>
              <Button
                size="sm"
                loading={combining === group.id}
                disabled={combining !== null}
                onClick={() => onCombine(group)}
              >
                Combine
              </Button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
