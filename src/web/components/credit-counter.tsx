import { clsx } from 'clsx';
import { useBuyCredits } from '../lib/buy-credits';
import { PlanBadge } from './plan-badge';
import { creditParts, summariseCredits, useProfile } from '../lib/profile';

/** Plan badge, credit counter and the 'Buy Credits or Upgrade' entry point, from the server profile. */
export function CreditCounter({ className }: { className?: string }) {
  const profile = useProfile();
  const openBuyCredits = useBuyCredits((state) => state.open);
  if (profile.isPending) {
    return (
      <div
        className={clsx('h-32 animate-pulse rounded-xl bg-slate-100', className)}
        aria-label="Loading credits"
      />
    );
  }
  if (profile.isError) {
    return (
      <p className={clsx('rounded-xl bg-red-50 p-3 text-sm text-red-700', className)} role="alert">
        Failed to fetch user profile
      </p>
    );
  }
  const credits = summariseCredits(profile.data);
  const parts = creditParts(credits);
  return (
    <div className={clsx('rounded-xl border border-slate-200 bg-slate-50 p-4', className)}>
      <div className="flex items-center justify-between">
        <span className="text-xs font-medium tracking-wide text-slate-500 uppercase">Credits</span>
        <PlanBadge plan={credits.plan} testId="plan-badge" />
      </div>
      <p className="mt-2 text-slate-900" data-testid="credit-counter">
        <span className="text-2xl font-semibold">{credits.total}</span>
        <span className="text-sm text-slate-500">
          {credits.total === 1 ? ' credit' : ' credits'}
        </span>
      </p>
      <p className="mt-0.5 text-xs text-slate-600" data-testid="credit-breakdown">
        {parts.length > 0 ? parts.join(' · ') : 'None left'}
      </p>
      {credits.plan === 'premium' && (
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div
            className="h-full rounded-full bg-brand-600"
            style={{ width: `${Math.min(100, (credits.monthly / credits.allowance) * 100)}%` }}
          />
        </div>
      )}
      <button
        type="button"
        onClick={openBuyCredits}
        className="mt-4 flex h-9 w-full items-center justify-center rounded-lg bg-brand-600 text-sm font-medium text-white shadow-sm hover:bg-brand-700"
      >
        Buy Credits or Upgrade
      </button>
    </div>
  );
}
