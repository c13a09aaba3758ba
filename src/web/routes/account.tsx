import { useState } from 'react';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { TextField } from '../components/ui/text-field';
import { EbayAccountCard } from '../features/ebay/ebay-account-card';
import { DeleteAccountCard } from '../features/account/delete-account-card';
import { PriceEndingsCard } from '../features/account/price-endings-card';
import { StoreVoiceCard } from '../features/account/store-voice-card';
import { SubscriptionCard } from '../features/account/subscription-card';
import { ManageSubscription } from '../features/billing/manage-subscription';
import { ForgotPasswordDialog } from '../features/auth/forgot-password-dialog';
import { GoogleFeedCard } from '../features/google-feed/google-feed-card';
import { ConnectedStoresCard } from '../features/shopify/connected-stores-card';
import { WooStoresCard } from '../features/woocommerce/woo-stores-card';
import { useProfile } from '../lib/profile';
import { useHashScroll } from '../lib/use-hash-scroll';

export default function AccountRoute() {
  const profile = useProfile();
  const [resetOpen, setResetOpen] = useState(false);
  // Links to /account#subscription (e.g. from a checkout still waiting to be confirmed).
  useHashScroll(profile.isSuccess);

  if (profile.isPending) {
    return (
      <div className="flex justify-center py-20 text-brand-600">
        <Spinner label="Loading account" />
      </div>
    );
  }
  if (profile.isError) {
    throw profile.error;
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Account Settings</h1>
        <p className="mt-1 text-slate-600">Your sign-in details, plan and account.</p>
      </header>
      <Card title="Account Details">
        <div className="grid gap-4">
          <TextField label="Email" value={profile.data.email} readOnly />
          <div>
            <TextField
              label="Password"
              type="password"
              value="••••••••••"
              readOnly
              aria-describedby="reset-hint"
            />
            <p id="reset-hint" className="mt-1.5 text-sm text-slate-600">
              Forgot it or want a new one?{' '}
              <button
                type="button"
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
                onClick={() => setResetOpen(true)}
              >
                Reset password
              </button>
            </p>
          </div>
        </div>
      </Card>
      <PriceEndingsCard />
      <StoreVoiceCard />
      <SubscriptionCard
        profile={profile.data}
        renderManage={(subscription) => <ManageSubscription subscription={subscription} />}
      />
      <ConnectedStoresCard stores={profile.data.ShopifyStore} />
      <WooStoresCard />
      <EbayAccountCard />
      <GoogleFeedCard />
      <DeleteAccountCard />
      <ForgotPasswordDialog
        open={resetOpen}
        onOpenChange={setResetOpen}
        initialEmail={profile.data.email}
        doneLabel="Done"
      />
    </div>
  );
}
