import { useSearchParams } from 'react-router';
import { SandboxConsentPage } from '../features/shopify/sandbox-consent-page';

/** /sandbox/shopify/authorize: the sandbox store's consent page, outside the app layout. */
export default function SandboxShopifyRoute() {
  const [params] = useSearchParams();
  return <SandboxConsentPage query={params} />;
}
