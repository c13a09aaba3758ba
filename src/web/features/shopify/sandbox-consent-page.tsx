import { useNavigate } from 'react-router';
import { isShopDomain } from '#domain/shopify-domain';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { SandboxPageFrame } from '#web/components/sandbox-page-frame';
import { useSandboxInstall } from './use-store-connection';

export const SANDBOX_STORE_TEST_MODE = 'Test mode: this is Listsmith’s sandbox store, not Shopify';

/**
 * The sandbox store's consent page: what Shopify's 'Install app' page is in production, served
 * by Listsmith and clearly marked as a test. Install returns through the same signed callback.
 */
export function SandboxConsentPage({ query }: { query: URLSearchParams }) {
  const navigate = useNavigate();
  const install = useSandboxInstall();
  const shop = query.get('shop') ?? '';
  const state = query.get('state') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  const scopes = (query.get('scope') ?? '').split(',').filter(Boolean);
  const valid = isShopDomain(shop) && state !== '' && redirectUri !== '';
  const busy = install.isPending || install.isSuccess;

  return (
    <SandboxPageFrame notice={SANDBOX_STORE_TEST_MODE} badge="Sandbox store">
      {valid ? (
        <>
          <h1 className="text-xl font-semibold text-slate-900">Install Listsmith on {shop}?</h1>
          <p className="mt-3 text-sm text-slate-600">Listsmith will be able to:</p>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
            {scopes.includes('write_products') && <li>Create and update products</li>}
            {scopes
              .filter((scope) => scope !== 'write_products')
              .map((scope) => (
                <li key={scope}>{scope}</li>
              ))}
          </ul>
          {install.error && <Banner className="mt-6">{install.error.message}</Banner>}
          <div className="mt-8 flex justify-end gap-3">
            <Button variant="secondary" disabled={busy} onClick={() => navigate('/account')}>
              Cancel
            </Button>
            <Button
              loading={busy}
              disabled={busy}
              onClick={() => install.mutate({ shop, state, redirectUri })}
            >
              Install
            </Button>
          </div>
        </>
      ) : (
        <>
          <Banner>This install link is not complete. Please connect your store again.</Banner>
          <Button className="mt-6" variant="secondary" onClick={() => navigate('/account')}>
            Back to Listsmith
          </Button>
        </>
      )}
    </SandboxPageFrame>
  );
}
