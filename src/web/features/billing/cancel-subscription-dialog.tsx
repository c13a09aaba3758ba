import pluralize from 'pluralize';
import toast from 'react-hot-toast';
import type { SubscriptionState } from '#domain/billing';
import { LIBRARY_READ_ONLY_DAYS } from '#domain/library';
import { FREE_CREDITS } from '#domain/plans';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { formatBillingDate } from '#web/lib/billing';
import { useCancelSubscription } from './use-billing';
import { forgetPremiumCardDismissal } from './premium-card-flag';

/**
 * Spec section 8's success messages, where they are true. Cancelling keeps Premium until the
 * period ends, and the credits left then (`fixedCredits`) may have been bought, not given: so
 * the toast says until when Premium lasts and how many credits follow, and calls them free only
 * when they are the free allowance ('You have 3 free credits available').
 */
export function canceledMessage(
  state: Pick<SubscriptionState, 'fixedCredits' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>,
): string {
  const { fixedCredits } = state;
  if (state.cancelAtPeriodEnd && state.currentPeriodEnd) {
    const until = `Premium plan canceled. Premium stays active until ${formatBillingDate(state.currentPeriodEnd)}`;
    return fixedCredits <= 0
      ? `${until}; then purchase credits to continue using the service.`
      : `${until}; then you have ${pluralize('credit', fixedCredits, true)}.`;
  }
  if (fixedCredits <= 0) {
    return 'Premium plan canceled. Purchase credits to continue using the service.';
  }
  if (fixedCredits === FREE_CREDITS) {
    return `Premium plan canceled. You have ${FREE_CREDITS} free credits available.`;
  }
  return `Premium plan canceled. You have ${pluralize('credit', fixedCredits, true)} available.`;
}

const LOST_WITH_PREMIUM = [
  'Your saved product library',
  'Unlimited generations',
  'Premium features and integrations',
];

/** Confirms a cancellation at the end of the paid period and says what will be lost. */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  periodEnd,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** ISO date Premium lasts until; null when the server does not know one. */
  periodEnd: string | null;
}) {
  const cancel = useCancelSubscription((state) => {
    forgetPremiumCardDismissal();
    toast.success(canceledMessage(state));
    onOpenChange(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        if (!next) cancel.reset();
        onOpenChange(next);
      }}
      title="Cancel Premium?"
      description={
        periodEnd
          ? `Premium stays active until ${formatBillingDate(periodEnd)}, the end of the period you paid for. After that you lose:`
          : 'Premium stays active until the end of the period you paid for. After that you lose:'
      }
    >
      <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-700">
        {LOST_WITH_PREMIUM.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        Your library is kept read-only for {LIBRARY_READ_ONLY_DAYS} days after Premium ends: you can
        still download it, and subscribing again restores it. After that it is deleted.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Free accounts are limited to {FREE_CREDITS} free credits. Credits you bought stay yours.
      </p>
      {cancel.error && <Banner className="mt-4">{cancel.error.message}</Banner>}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
          Keep Premium
        </Button>
        <Button variant="danger" onClick={() => cancel.mutate()} loading={cancel.isPending}>
          Cancel subscription
        </Button>
      </div>
    </Dialog>
  );
}
