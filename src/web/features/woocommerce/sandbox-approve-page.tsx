import { SandboxConsent } from '#web/components/store-channel/sandbox-consent';
import { useWooSandboxApprove } from './use-woocommerce';

export const WOO_SANDBOX_TEST_MODE =
  'Test mode: this is Listsmith’s sandbox store, not a WooCommerce store';

/**
 * The sandbox store's approval page: what WooCommerce's `/wc-auth/v1/authorize` page ('Listsmith
 * would like to connect to your store') is for a real store, served by Listsmith and marked as
 * a test. Approve hands the keys to the same callback a real store posts to.
 */
export function WooSandboxApprovePage({ query }: { query: URLSearchParams }) {
  const approve = useWooSandboxApprove();
  const request = {
    storeUrl: query.get('store_url') ?? '',
    userId: query.get('user_id') ?? '',
    callbackUrl: query.get('callback_url') ?? '',
    returnUrl: query.get('return_url') ?? '',
  };
  const appName = query.get('app_name') ?? 'Listsmith';

  return (
    <SandboxConsent
      notice={WOO_SANDBOX_TEST_MODE}
      badge="Sandbox WooCommerce store"
      complete={Object.values(request).every((value) => value !== '')}
      incomplete="This approval link is not complete. Please connect your store again."
      heading={`${appName} would like to connect to ${request.storeUrl}`}
      intro={`This will give “${appName}” Read/Write access which will allow it to:`}
      abilities={
        <>
          <li>View and manage products, variations and categories</li>
          <li>Create webhooks, view and manage orders, coupons, customers and reports</li>
        </>
      }
      refuse="Deny"
      agree="Approve"
      action={{ ...approve, run: () => approve.mutate(request) }}
    />
  );
}
