import { SandboxConsent } from '#web/components/store-channel/sandbox-consent';
import { useEbaySandboxAuthorize } from './use-ebay';

export const EBAY_SANDBOX_TEST_MODE = 'Test mode: this is Listsmith’s sandbox eBay, not eBay';

/**
 * The sandbox eBay's consent page: what eBay's 'Grant application access' page is with a real
 * eBay account, served by Listsmith and marked as a test. Agree returns through the same
 * callback eBay sends the browser to, with a code.
 */
export function EbaySandboxAuthorizePage({ query }: { query: URLSearchParams }) {
  const authorize = useEbaySandboxAuthorize();
  const state = query.get('state') ?? '';
  return (
    <SandboxConsent
      notice={EBAY_SANDBOX_TEST_MODE}
      badge="Sandbox eBay"
      complete={state !== ''}
      incomplete="This consent link is not complete. Please connect eBay again."
      heading="Listsmith would like to access your eBay account"
      intro="If you agree, Listsmith will be able to:"
      abilities={
        <>
          <li>View and manage your inventory and offers (create, update and list them)</li>
          <li>View your business policies and item locations</li>
          <li>Read eBay’s categories and their item specifics</li>
        </>
      }
      refuse="Not now"
      agree="Agree"
      action={{ ...authorize, run: () => authorize.mutate(state) }}
    />
  );
}
