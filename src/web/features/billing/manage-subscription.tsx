import { useState } from 'react';
import toast from 'react-hot-toast';
import type { SubscriptionState } from '#domain/billing';
import { Button } from '#web/components/ui/button';
import { formatBillingDate } from '#web/lib/billing';
import { useResumeSubscription } from './use-billing';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';

/** A premium user's actions on the account page: cancel at period end, or undo that. */
export function ManageSubscription({ subscription }: { subscription: SubscriptionState }) {
  const [confirming, setConfirming] = useState(false);
  const resume = useResumeSubscription((state) =>
    toast.success(
      state.currentPeriodEnd
        ? `Premium resumed. It renews on ${formatBillingDate(state.currentPeriodEnd)}.`
        : 'Premium resumed.',
    ),
  );

  if (subscription.cancelAtPeriodEnd) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Button variant="secondary" loading={resume.isPending} onClick={() => resume.mutate()}>
          Resume subscription
        </Button>
        {resume.error && (
          <p role="alert" className="text-sm text-red-600">
            {resume.error.message}
          </p>
        )}
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        className="rounded-lg px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
      >
        Cancel subscription
      </button>
      <CancelSubscriptionDialog
        open={confirming}
        onOpenChange={setConfirming}
        periodEnd={subscription.currentPeriodEnd}
      />
    </>
  );
}
