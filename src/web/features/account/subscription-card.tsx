import { FREE_CREDITS, PREMIUM_MONTHLY_CREDITS, PREMIUM_PRICE_USD } from '../../../domain/plans';
import { Card } from '../../components/ui/card';
import { summariseCredits, type Profile } from '../../lib/profile';

export function SubscriptionCard({ profile }: { profile: Profile }) {
  const credits = summariseCredits(profile);
  const premium = credits.plan === 'premium';
  return (
    <div id="subscription">
      <Card title="Subscription">
        <div className="flex items-start justify-between gap-6">
          <div>
            <p className="text-sm text-slate-500">Current plan</p>
            <p className="mt-1 text-xl font-semibold text-slate-900" data-testid="current-plan">
              {premium ? 'Premium' : 'Free'}
            </p>
            <p className="mt-2 max-w-md text-sm text-slate-600">
              {premium
                ? `$${PREMIUM_PRICE_USD} per month: ${PREMIUM_MONTHLY_CREDITS} credits every month, and you may buy extra credits at any time.`
                : `The free plan includes ${FREE_CREDITS} product generations. Premium ($${PREMIUM_PRICE_USD}/month) gives ${PREMIUM_MONTHLY_CREDITS} generations a month, a saved library and bulk uploads of up to 100 images.`}
            </p>
          </div>
          <dl className="grid shrink-0 grid-cols-2 gap-x-6 gap-y-1 text-sm">
            <dt className="text-slate-500">Monthly credits</dt>
            <dd className="text-right font-medium text-slate-900">{profile.subscriptionCredits}</dd>
            <dt className="text-slate-500">Purchased credits</dt>
            <dd className="text-right font-medium text-slate-900">{profile.fixedCredits}</dd>
            <dt className="text-slate-500">Available</dt>
            <dd className="text-right font-semibold text-slate-900">{credits.total}</dd>
          </dl>
        </div>
      </Card>
    </div>
  );
}
