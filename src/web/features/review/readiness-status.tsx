import { clsx } from 'clsx';
import { describeReadiness, readinessNeeds, type ReadinessCount } from '#domain/readiness';
import type { Product } from '#domain/products';
import { CheckIcon } from './icons';

/** 'Ready' in green, or what the product still needs ('Needs: a name, a price') in amber. */
export function ReadinessChip({ product }: { product: Product }) {
  const needs = readinessNeeds(product);
  const ready = needs.length === 0;
  return (
    <p
      className={clsx(
        'inline-flex items-center gap-1 rounded-lg px-2 py-0.5 text-xs font-medium',
        ready ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
      )}
    >
      {ready && <CheckIcon className="size-3.5" aria-hidden="true" />}
      {describeReadiness(needs)}
    </p>
  );
}

/**
 * The review header's 'n of m ready to publish': how many generated drafts can be published as
 * they are, so the seller sees what is left to do.
 */
export function ReadinessSummary({ count }: { count: ReadinessCount }) {
  if (count.total === 0) return null;
  return (
    <p className="text-sm font-medium text-slate-600">
      {`${count.ready} of ${count.total} ready to publish`}
    </p>
  );
}
