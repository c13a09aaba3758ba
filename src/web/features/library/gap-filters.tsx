/**
 * The library audit (issue 25, src/domain/catalogue-gaps.ts): a row of filters, one per gap the
 * library has, with its count; the gaps of each card as small chips; and what an empty filter
 * says.
 */
import clsx from 'clsx';
import {
  CATALOGUE_GAPS,
  GAP_LABELS,
  GAP_PHRASES,
  type CatalogueGap,
  type GapCounts,
} from '#domain/catalogue-gaps';
import { formatCount } from '#domain/text/english';
import { Button } from '#web/components/ui/button';

export const GAP_FILTERS_LABEL = 'Show products lacking';

/**
 * Toggle buttons, one gap at a time (pressing the active one shows everything again). Gaps no
 * product has are left out, except the active one, so the row stays short and the way back is
 * always there. Nothing to show: no row.
 */
export function GapFilters({
  counts,
  active,
  onChange,
}: {
  counts: GapCounts;
  active: CatalogueGap | null;
  onChange(gap: CatalogueGap | null): void;
}) {
  const shown = CATALOGUE_GAPS.filter((gap) => counts[gap] > 0 || gap === active);
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label={GAP_FILTERS_LABEL} className="mt-4 flex flex-wrap gap-2">
      {shown.map((gap) => {
        const pressed = gap === active;
        return (
          <button
            key={gap}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? null : gap)}
            className={clsx(
              'inline-flex h-8 items-center rounded-full border px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none',
              pressed
                ? 'border-brand-600 bg-brand-600 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {`${GAP_LABELS[gap]} · ${formatCount(counts[gap])}`}
          </button>
        );
      })}
    </div>
  );
}

/**
 * A card's gaps. Not a list: the library's cards are list items already, and a list inside each
 * would make every card a list of lists to a screen reader; 'Lacks:' introduces them instead.
 */
export function GapChips({ gaps }: { gaps: readonly CatalogueGap[] }) {
  if (gaps.length === 0) return null;
  return (
    <p data-testid="gap-chips" className="flex flex-wrap gap-1">
      <span className="sr-only">Lacks:</span>
      {gaps.map((gap) => (
        <span key={gap} className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          {GAP_LABELS[gap]}
        </span>
      ))}
    </p>
  );
}

export function noGapMatchText(gap: CatalogueGap, term: string): string {
  const matching = term ? ` matching "${term}"` : '';
  return `No products${matching} with ${GAP_PHRASES[gap]}`;
}

/** A gap filter (with the search, if any) that matches nothing. */
export function NoGapMatch({
  gap,
  term,
  onClear,
}: {
  gap: CatalogueGap;
  term: string;
  onClear(): void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-8 py-14 text-center">
      <p className="text-lg font-medium text-slate-900">{noGapMatchText(gap, term)}</p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Show all products
      </Button>
    </div>
  );
}
