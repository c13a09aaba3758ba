import { useParams } from 'react-router';
import { SandboxAdminPage } from '../features/shopify/sandbox-admin-page';

/** /sandbox/shopify/:shop/admin/products: the sandbox store's admin list, outside the app layout. */
export default function SandboxShopifyAdminRoute() {
  const { shop = '' } = useParams();
  return <SandboxAdminPage shop={shop} />;
}
