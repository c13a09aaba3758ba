import { useSearchParams } from 'react-router';
import { EbaySandboxAuthorizePage } from '../features/ebay/sandbox-authorize-page';

/** /sandbox/ebay/authorize: the sandbox eBay's consent page, outside the app layout. */
export default function SandboxEbayRoute() {
  const [params] = useSearchParams();
  return <EbaySandboxAuthorizePage query={params} />;
}
