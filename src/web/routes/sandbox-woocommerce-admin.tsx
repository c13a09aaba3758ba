import { useSearchParams } from 'react-router';
import { WooSandboxAdminPage } from '../features/woocommerce/sandbox-admin-page';

/** /sandbox/woocommerce/admin?store=…: the sandbox store's product list, outside the app layout. */
export default function SandboxWooCommerceAdminRoute() {
  const [params] = useSearchParams();
  return <WooSandboxAdminPage storeUrl={params.get('store') ?? ''} />;
}
