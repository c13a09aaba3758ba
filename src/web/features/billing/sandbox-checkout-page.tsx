import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { CheckoutSessionView } from '#domain/billing';
import { Banner } from '#web/components/ui/banner';
import { Button, buttonClassName } from '#web/components/ui/button';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { Spinner } from '#web/components/ui/spinner';
import { formatUsd } from '#web/lib/billing';
import { useProfile } from '#web/lib/profile';
import { useCheckoutSession, useSandboxCheckout } from './use-billing';

export const TEST_MODE_TEXT = 'Test mode: no real payment is made';

/**
 * The sandbox payment provider's checkout page: what Stripe's hosted page is in production,
 * served by Listsmith and clearly marked as a test, with Pay and Cancel.
 */
export function SandboxCheckoutPage({ sessionId }: { sessionId: string }) {
  const session = useCheckoutSession(sessionId);
  return (
    <SandboxPageFrame notice={TEST_MODE_TEXT} badge="Sandbox checkout">
      {session.isPending ? (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner label="Loading checkout" />
        </div>
      ) : session.isError ? (
        <>
          <Banner>{session.error.message}</Banner>
          <BackToApp />
        </>
      ) : (
        <CheckoutDetails session={session.data} />
      )}
    </SandboxPageFrame>
  );
}

function CheckoutDetails({ session }: { session: CheckoutSessionView }) {
  const profile = useProfile();
  const action = useSandboxCheckout(session.id);
  const { item } = session;
  const premium = item.kind === 'premium';
  const price = `${formatUsd(item.priceUsd)}${premium ? ' per month' : ''}`;
  const busy = action.isPending || action.isSuccess;

  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">Checkout</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] items-baseline gap-x-6 gap-y-3 text-sm">
        <Row label="Item">{premium ? item.name : `Credit pack: ${item.name}`}</Row>
        <Row label="You get">
          {item.credits} {premium ? 'credits every month' : 'credits that never expire'}
        </Row>
        <Row label="Account">{profile.data?.email ?? '…'}</Row>
        <div className="col-span-2 my-1 border-t border-slate-100" />
        <Row label="Total">
          <span className="text-lg font-semibold text-slate-900" data-testid="checkout-total">
            {price}
          </span>
        </Row>
      </dl>
      {session.status === 'open' ? (
        <>
          {action.error && <Banner className="mt-6">{action.error.message}</Banner>}
          <div className="mt-8 flex flex-col gap-3">
            <Button
              size="lg"
              loading={action.isPending && action.variables === 'pay'}
              disabled={busy}
              onClick={() => action.mutate('pay')}
            >
              Pay {price}
            </Button>
            <Button
              variant="ghost"
              loading={action.isPending && action.variables === 'cancel'}
              disabled={busy}
              onClick={() => action.mutate('cancel')}
            >
              Cancel
            </Button>
          </div>
          <p className="mt-4 text-center text-xs text-slate-500">
            No card is needed and nothing is charged. Pay confirms the purchase on the server, as a
            real payment would.
          </p>
        </>
      ) : (
        <>
          <Banner tone={session.status === 'complete' ? 'success' : 'info'} className="mt-6">
            {session.status === 'complete'
              ? 'This checkout is already paid.'
              : 'This checkout was canceled or has expired. Nothing was charged.'}
          </Banner>
          <BackToApp />
        </>
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </>
  );
}

function BackToApp() {
  return (
    <div className="mt-6 flex justify-center">
      <Link to="/create" className={buttonClassName('secondary')}>
        Back to Listsmith
      </Link>
    </div>
  );
}
