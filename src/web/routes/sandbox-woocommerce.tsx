import { useSearchParams } from 'react-router';
import { WooSandboxApprovePage } from '../features/woocommerce/sandbox-approve-page';

/** /sandbox/woocommerce/authorize: the sandbox store's approval page, outside the app layout. */
export default function SandboxWooCommerceRoute() {
  const [params] = useSearchParams();
  return <WooSandboxApprovePage query={params} />;
}
