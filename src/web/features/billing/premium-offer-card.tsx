import { useId } from 'react';
import { PREMIUM_MONTHLY_CREDITS, PREMIUM_PRICE_USD } from '#domain/plans';
import { Button } from '#web/components/ui/button';
import { StrokeIcon } from '#web/components/ui/stroke-icon';
import { useStartCheckout } from '#web/lib/billing';
import { summariseCredits, useProfile } from '#web/lib/profile';
import { dismissPremiumCard, usePremiumCardDismissed } from './premium-card-flag';

/** A small Premium offer in the sidebar for free users, until they dismiss it. */
export function PremiumOfferCard() {
  const profile = useProfile();
  const dismissed = usePremiumCardDismissed();
  const checkout = useStartCheckout();
  const titleId = useId();

  if (dismissed || !profile.data || summariseCredits(profile.data).plan === 'premium') return null;
  return (
    <section
      aria-labelledby={titleId}
      className="relative rounded-xl border border-amber-200 bg-gradient-to-br from-amber-50 to-white p-4"
    >
      <button
        type="button"
        onClick={dismissPremiumCard}
        aria-label="Dismiss the Premium offer"
        className="absolute top-2 right-2 rounded-md p-1 text-slate-400 hover:bg-amber-100 hover:text-slate-600"
      >
        <StrokeIcon className="size-4">
          <path d="M6 6l12 12M18 6L6 18" />
        </StrokeIcon>
      </button>
      <h2 id={titleId} className="pr-6 text-sm font-semibold text-slate-900">
        Go Premium
      </h2>
      <p className="mt-1 text-xs leading-relaxed text-slate-600">
        {PREMIUM_MONTHLY_CREDITS} credits every month, a saved library and bulk uploads for $
        {PREMIUM_PRICE_USD}/month.
      </p>
      {checkout.error && (
        <p role="alert" className="mt-2 text-xs text-red-600">
          {checkout.error}
        </p>
      )}
      <Button
        size="sm"
        variant="secondary"
        className="mt-3 w-full"
        loading={checkout.busy}
        onClick={() => checkout.start('premium')}
      >
        Upgrade to Premium
      </Button>
    </section>
  );
}
