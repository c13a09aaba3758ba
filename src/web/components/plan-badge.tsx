import { clsx } from 'clsx';
import type { PlanName } from '#domain/plans';

/** The Free or Premium badge of the sidebar counter and the account page. */
export function PlanBadge({
  plan,
  size = 'sm',
  testId,
}: {
  plan: PlanName;
  size?: 'sm' | 'md';
  testId?: string;
}) {
  return (
    <span
      className={clsx(
        'rounded-full font-semibold',
        size === 'sm' ? 'px-2.5 py-0.5 text-xs' : 'px-3 py-1 text-sm',
        plan === 'premium' ? 'bg-amber-100 text-amber-800' : 'bg-slate-200 text-slate-700',
      )}
      data-testid={testId}
    >
      {plan === 'premium' ? 'Premium' : 'Free'}
    </span>
  );
}
