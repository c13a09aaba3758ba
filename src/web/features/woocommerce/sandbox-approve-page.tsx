import { useNavigate } from 'react-router';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { useWooSandboxApprove } from './use-woocommerce';

export const WOO_SANDBOX_TEST_MODE =
  'Test mode: this is Listsmith’s sandbox store, not a WooCommerce store';

/**
 * The sandbox store's approval page: what WooCommerce's `/wc-auth/v1/authorize` page ('Listsmith
 * would like to connect to your store') is for a real store, served by Listsmith and marked as
 * a test. Approve hands the keys to the same callback a real store posts to.
 */
export function WooSandboxApprovePage({ query }: { query: URLSearchParams }) {
  const navigate = useNavigate();
  const approve = useWooSandboxApprove();
  const request = {
    storeUrl: query.get('store_url') ?? '',
    userId: query.get('user_id') ?? '',
    callbackUrl: query.get('callback_url') ?? '',
    returnUrl: query.get('return_url') ?? '',
  };
  const appName = query.get('app_name') ?? 'Listsmith';
  const valid = Object.values(request).every((value) => value !== '');
  const busy = approve.isPending || approve.isSuccess;

  return (
    <SandboxPageFrame notice={WOO_SANDBOX_TEST_MODE} badge="Sandbox WooCommerce store">
      {valid ? (
        <>
          <h1 className="text-xl font-semibold text-slate-900">
            {appName} would like to connect to {request.storeUrl}
          </h1>
          <p className="mt-3 text-sm text-slate-600">
            This will give “{appName}” Read/Write access which will allow it to:
          </p>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
            <li>View and manage products, variations and categories</li>
            <li>Create webhooks, view and manage orders, coupons, customers and reports</li>
          </ul>
          {approve.error && <Banner className="mt-6">{approve.error.message}</Banner>}
          <div className="mt-8 flex justify-end gap-3">
            <Button variant="secondary" disabled={busy} onClick={() => navigate('/account')}>
              Deny
            </Button>
            <Button loading={busy} disabled={busy} onClick={() => approve.mutate(request)}>
              Approve
            </Button>
          </div>
        </>
      ) : (
        <>
          <Banner>This approval link is not complete. Please connect your store again.</Banner>
          <Button className="mt-6" variant="secondary" onClick={() => navigate('/account')}>
            Back to Listsmith
          </Button>
        </>
      )}
    </SandboxPageFrame>
  );
}
