import type { ReactNode } from 'react';
import type { Profile } from '#domain/api/profile';
import type { SubscriptionState } from '#domain/billing';
import { FREE_CREDITS, PREMIUM_MONTHLY_CREDITS, PREMIUM_PRICE_USD } from '#domain/plans';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { PlanBadge } from '#web/components/plan-badge';
import { Card } from '#web/components/ui/card';
import { formatBillingDate, useStartCheckout, useSubscriptionState } from '#web/lib/billing';
import { useBuyCredits } from '#web/lib/buy-credits';
import { summariseCredits } from '#web/lib/profile';

/** 'Renews on …' or, once canceled, 'Premium until …'. */
function periodText(subscription: SubscriptionState | undefined): string | null {
  if (!subscription?.currentPeriodEnd || subscription.plan !== 'premium') return null;
  const date = formatBillingDate(subscription.currentPeriodEnd);
  return subscription.cancelAtPeriodEnd ? `Premium until ${date}` : `Renews on ${date}`;
}

export function SubscriptionCard({
  profile,
  renderManage,
}: {
  profile: Profile;
  /** Cancel/resume for a premium user, supplied by the route (features do not import each other). */
  renderManage(subscription: SubscriptionState): ReactNode;
}) {
  const credits = summariseCredits(profile);
  const premium = credits.plan === 'premium';
  const subscription = useSubscriptionState();
  const checkout = useStartCheckout();
  const openBuyCredits = useBuyCredits((state) => state.open);
  const period = periodText(subscription.data);

  return (
    <div id="subscription">
      <Card title="Subscription">
        {subscription.data?.status === 'past_due' && (
          <Banner tone="warning" className="mb-4">
            Your last payment failed. Premium stays active while the payment is retried; update your
            payment method to keep it.
          </Banner>
        )}
        <div className="flex items-start justify-between gap-6">
          <div>
            <p className="text-sm text-slate-500">Current plan</p>
            <p className="mt-1.5 flex items-center gap-3">
              <PlanBadge plan={credits.plan} size="md" testId="current-plan" />
              <span className="text-xl font-semibold text-slate-900">
                {premium ? `$${PREMIUM_PRICE_USD}/month` : '$0'}
              </span>
            </p>
            {period && (
              <p className="mt-1 text-sm font-medium text-slate-700" data-testid="plan-period">
                {period}
              </p>
            )}
            <p className="mt-2 max-w-md text-sm text-slate-600">
              {premium
                ? `$${PREMIUM_PRICE_USD} per month: ${PREMIUM_MONTHLY_CREDITS} credits every month, and you may buy extra credits at any time.`
                : `The free plan includes ${FREE_CREDITS} product generations. Premium ($${PREMIUM_PRICE_USD}/month) gives ${PREMIUM_MONTHLY_CREDITS} generations a month, a saved library and bulk uploads of up to 100 images.`}
            </p>
          </div>
          <dl className="grid shrink-0 grid-cols-2 gap-x-6 gap-y-1 text-sm">
            {(premium || credits.monthly > 0) && (
              <>
                <dt className="text-slate-500">Monthly credits</dt>
                <dd className="text-right font-medium text-slate-900">{credits.monthly}</dd>
              </>
            )}
            {(!premium || credits.free > 0) && (
              <>
                <dt className="text-slate-500">Free credits</dt>
                <dd className="text-right font-medium text-slate-900">{credits.free}</dd>
              </>
            )}
            <dt className="text-slate-500">Purchased credits</dt>
            <dd className="text-right font-medium text-slate-900">{credits.purchased}</dd>
            <dt className="text-slate-500">Available</dt>
            <dd className="text-right font-semibold text-slate-900">{credits.total}</dd>
          </dl>
        </div>
        {checkout.error && <Banner className="mt-4">{checkout.error}</Banner>}
        <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
          {!premium && (
            <Button loading={checkout.busy} onClick={() => checkout.start('premium')}>
              Upgrade to Premium
            </Button>
          )}
          <Button variant="secondary" onClick={openBuyCredits}>
            Buy credits
          </Button>
          {premium && subscription.data && (
            <div className="ml-auto">{renderManage(subscription.data)}</div>
          )}
        </div>
        {subscription.isError && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {subscription.error.message}
          </p>
        )}
      </Card>
    </div>
  );
}
