import { describeReadiness, type UnreadyProduct } from '#domain/readiness';
import type { Product } from '#domain/products';
import { Button } from '#web/components/ui/button';

/**
 * Asked before publishing while some products still need attention, as the CSV download asks:
 * the same question ('2 of 5 products still need attention. Publish anyway?'), then each such
 * product with the card chip's words ('Needs: a sure category, a price'). Cancel comes first, so
 * Enter does not publish.
 */
export function PublishReadinessWarning({
  question,
  leftOut,
  unready,
  onCancel,
  onConfirm,
}: {
  question: string;
  /** '2 products have no name, so they are not sent to your store.' */
  leftOut: string | null;
  unready: UnreadyProduct<Product>[];
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-900">{question}</p>
      {leftOut && <p className="text-sm text-slate-700">{leftOut}</p>}
      <ul
        aria-label="Products that need attention"
        className="max-h-64 divide-y divide-amber-100 overflow-y-auto rounded-lg border border-amber-200 bg-amber-50"
      >
        {unready.map(({ product, needs }) => (
          <li
            key={product.id}
            className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
          >
            <span className="min-w-0 truncate text-slate-900">
              {product.title.trim() || product.fileName || 'Untitled product'}
            </span>
            <span className="shrink-0 text-xs font-medium text-amber-900">
              {describeReadiness(needs)}
            </span>
          </li>
        ))}
      </ul>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>Publish anyway</Button>
      </div>
    </div>
  );
}
