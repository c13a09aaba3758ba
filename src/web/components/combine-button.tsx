import { MAX_PRODUCT_PHOTOS } from '#domain/products';
import { Button } from './ui/button';
import { StrokeIcon } from './ui/stroke-icon';
import { Tooltip } from './ui/tooltip';

export const COMBINE_LABEL = 'Combine into one product';
const COMBINE_HINT =
  'One product with all their photos. The first one you selected keeps its listing and main photo.';

/** Why 'Combine into one product' is off, or null when it can be used. */
export function combineDisabledReason(selectedCount: number, photoCount: number): string | null {
  if (selectedCount < 2) return 'Select two or more products that show the same item.';
  if (photoCount > MAX_PRODUCT_PHOTOS) {
    return `A product can have at most ${MAX_PRODUCT_PHOTOS} photos; these have ${photoCount}.`;
  }
  return null;
}

/**
 * 'Combine into one product' for the selected cards (review and library). When it cannot be
 * used it stays focusable (aria-disabled), so its tooltip can say why.
 */
export function CombineButton({
  selectedCount,
  photoCount,
  busy,
  onCombine,
}: {
  selectedCount: number;
  /** The photos of the selected products together. */
  photoCount: number;
  busy: boolean;
  onCombine(): void;
}) {
  const reason = combineDisabledReason(selectedCount, photoCount);
  const button = (
    <Button
      variant="secondary"
      size="sm"
      loading={busy}
      aria-disabled={reason !== null || undefined}
      onClick={() => {
        if (reason === null) onCombine();
      }}
    >
      {!busy && (
        <StrokeIcon className="size-4">
          <rect x="3" y="3" width="8" height="8" rx="1.5" />
          <rect x="13" y="13" width="8" height="8" rx="1.5" />
          <path d="M11 7h4a2 2 0 0 1 2 2v4" />
        </StrokeIcon>
      )}
      {COMBINE_LABEL}
    </Button>
  );
  // Always in its tooltip: swapping the wrapper would remount the button and drop its focus.
  return <Tooltip content={reason ?? COMBINE_HINT}>{button}</Tooltip>;
}
