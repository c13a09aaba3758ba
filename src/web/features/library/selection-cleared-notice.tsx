import { countProducts } from './selection';

/** Said when a new search unticks what the seller had ticked: nothing is dropped silently. */
export function selectionClearedNotice(count: number): string {
  return `Your selection of ${countProducts(count)} was cleared by the new search.`;
}

/** Under the search box; always in the page, so screen readers hear the notice when it comes. */
export function SelectionClearedNotice({
  notice,
  onDismiss,
}: {
  notice: string | null;
  onDismiss(): void;
}) {
  return (
    <div role="status" className={notice ? 'mt-3' : 'sr-only'}>
      {notice && (
        <p className="flex items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice}
          <button
            type="button"
            onClick={onDismiss}
            className="rounded px-1 text-sm font-medium text-amber-900 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
