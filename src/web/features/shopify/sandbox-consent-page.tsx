import { isShopDomain } from '#domain/shopify-domain';
import { SandboxConsent } from '#web/components/store-channel/sandbox-consent';
import { useSandboxInstall } from './use-store-connection';

export const SANDBOX_STORE_TEST_MODE = 'Test mode: this is Listsmith’s sandbox store, not Shopify';

/**
 * The sandbox store's consent page: what Shopify's 'Install app' page is in production, served
 * by Listsmith and clearly marked as a test. Install returns through the same signed callback.
 */
export function SandboxConsentPage({ query }: { query: URLSearchParams }) {
  const install = useSandboxInstall();
  const shop = query.get('shop') ?? '';
  const state = query.get('state') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  const scopes = (query.get('scope') ?? '').split(',').filter(Boolean);

  return (
    <SandboxConsent
      notice={SANDBOX_STORE_TEST_MODE}
      badge="Sandbox store"
      complete={isShopDomain(shop) && state !== '' && redirectUri !== ''}
      incomplete="This install link is not complete. Please connect your store again."
      heading={`Install Listsmith on ${shop}?`}
      intro="Listsmith will be able to:"
      abilities={
        <>
          {scopes.includes('write_products') && <li>Create and update products</li>}
          {scopes
            .filter((scope) => scope !== 'write_products')
            .map((scope) => (
              <li key={scope}>{scope}</li>
            ))}
        </>
      }
      refuse="Cancel"
      agree="Install"
      action={{ ...install, run: () => install.mutate({ shop, state, redirectUri }) }}
    />
  );
}
