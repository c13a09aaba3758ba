import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import type { CheckoutSessionView } from '#domain/billing';
import { Banner } from '#web/components/ui/banner';
import { buttonClassName } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { StrokeIcon } from '#web/components/ui/stroke-icon';
import { checkoutOrigin, forgetCheckoutOrigin, refreshBillingState } from '#web/lib/billing';
import { refreshLibrary } from '#web/lib/library';
import { productsQueryKey } from '#web/lib/products';
import { summariseCredits, useProfile } from '#web/lib/profile';
import { useCheckoutSession } from './use-billing';

export const CONFIRMING_TEXT = 'Confirming your payment…';
export const UPGRADED_TOAST = 'Upgraded to Premium plan!';
export const SAVED_TO_LIBRARY_TOAST = 'Your generated products have been saved to your library';

/** The view the payment provider returns to: waits for the confirmation, then shows what was bought. */
export function CheckoutSuccess({
  sessionId,
  pollMs = 1000,
  giveUpAfterMs = 60_000,
}: {
  sessionId: string | null;
  pollMs?: number;
  giveUpAfterMs?: number;
}) {
  if (!sessionId) {
    return (
      <Frame>
        <Banner>This page needs a checkout to show. Nothing was bought.</Banner>
        <Actions />
      </Frame>
    );
  }
  return <SessionOutcome sessionId={sessionId} pollMs={pollMs} giveUpAfterMs={giveUpAfterMs} />;
}

function SessionOutcome({
  sessionId,
  pollMs,
  giveUpAfterMs,
}: {
  sessionId: string;
  pollMs: number;
  giveUpAfterMs: number;
}) {
  const [gaveUp, setGaveUp] = useState(false);
  const session = useCheckoutSession(sessionId, { pollMs: gaveUp ? undefined : pollMs });
  const status = session.data?.status;

  useEffect(() => {
    if (status === 'complete' || status === 'expired') return;
    const timer = setTimeout(() => setGaveUp(true), giveUpAfterMs);
    return () => clearTimeout(timer);
  }, [status, giveUpAfterMs]);

  if (session.isError) {
    return (
      <Frame>
        <Banner>{session.error.message}</Banner>
        <Actions />
      </Frame>
    );
  }
  if (session.data?.status === 'complete') return <Fulfilled session={session.data} />;
  if (session.data?.status === 'expired') {
    return (
      <Frame>
        <h1 className="text-2xl font-semibold text-slate-900">Checkout canceled</h1>
        <p className="mt-2 text-slate-600">
          This checkout did not go through. You were not charged.
        </p>
        <Actions />
      </Frame>
    );
  }
  if (gaveUp) {
    return (
      <Frame>
        <Banner tone="warning">
          We have not received the confirmation of your payment yet. If you paid, your credits will
          appear on your{' '}
          <Link to="/account#subscription" className="font-medium underline underline-offset-2">
            account page
          </Link>{' '}
          as soon as it arrives.
        </Banner>
      </Frame>
    );
  }
  return (
    <Frame>
      <div className="flex flex-col items-center gap-4 py-8 text-brand-600">
        <Spinner className="size-10" />
        <p role="status" className="text-slate-700">
          {CONFIRMING_TEXT}
        </p>
      </div>
    </Frame>
  );
}

/** Shows what the confirmed checkout added, once the counter and the account have refetched. */
function Fulfilled({ session }: { session: CheckoutSessionView }) {
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [refreshed, setRefreshed] = useState(false);
  const navigate = useNavigate();
  const announced = useRef(false);
  const premium = session.item.kind === 'premium';
  // Upgraded from the review screen: the server saved the drafts on activation; the seller goes
  // to see them in the library rather than to this view.
  const [toLibrary] = useState(() => premium && checkoutOrigin(session.id) === 'review');

  useEffect(() => {
    const refreshing = refreshBillingState(queryClient).finally(() => setRefreshed(true));
    if (premium && !announced.current) {
      announced.current = true;
      toast.success(UPGRADED_TOAST, { id: `upgraded-${session.id}` });
    }
    if (!toLibrary) return;
    let left = false;
    void refreshing.then(async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        refreshLibrary(queryClient),
      ]);
      if (left) return;
      forgetCheckoutOrigin(session.id);
      toast.success(SAVED_TO_LIBRARY_TOAST, { id: `saved-${session.id}` });
      navigate('/library', { replace: true });
    });
    return () => {
      left = true;
    };
  }, [queryClient, premium, session.id, toLibrary, navigate]);

  const total = refreshed && profile.data ? summariseCredits(profile.data).total : null;
  return (
    <Frame>
      <div className="flex flex-col items-center text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <StrokeIcon className="size-7">
            <path d="M5 12l5 5L20 7" />
          </StrokeIcon>
        </span>
        {premium ? (
          <>
            <span className="mt-5 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800">
              Premium Active
            </span>
            <h1 className="mt-3 text-3xl font-semibold tracking-tight text-slate-900">
              Congratulations!
            </h1>
            <p className="mt-2 max-w-md text-slate-600">
              Your Premium plan is active. You have{' '}
              <strong className="font-semibold text-slate-900">
                {session.item.credits} credits
              </strong>{' '}
              for this month, renewed every month, plus your saved library and bulk uploads.
            </p>
            {toLibrary && (
              <p role="status" className="mt-3 font-medium text-emerald-700">
                {SAVED_TO_LIBRARY_TOAST}. Opening your library…
              </p>
            )}
          </>
        ) : (
          <>
            <h1 className="mt-5 text-3xl font-semibold tracking-tight text-slate-900">
              {session.item.credits} credits added
            </h1>
            <p className="mt-2 text-slate-600" data-testid="credit-total">
              {total === null
                ? 'Updating your balance…'
                : `You now have ${total} ${total === 1 ? 'credit' : 'credits'}. They never expire.`}
            </p>
          </>
        )}
      </div>
      <Actions primary="create" />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto mt-10 max-w-xl rounded-2xl border border-slate-200 bg-white p-10 shadow-sm">
      {children}
    </div>
  );
}

function Actions({ primary }: { primary?: 'create' }) {
  return (
    <div className="mt-8 flex justify-center gap-3">
      <Link to="/create" className={buttonClassName(primary ? 'primary' : 'secondary')}>
        Start creating
      </Link>
      <Link to="/account" className={buttonClassName('secondary')}>
        Go to account
      </Link>
    </div>
  );
}
