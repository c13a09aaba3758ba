import { EbaySandboxListingsPage } from '../features/ebay/sandbox-listings-page';

/** /sandbox/ebay/listings: the sandbox eBay's listings and drafts, outside the app layout. */
export default function SandboxEbayListingsRoute() {
  return <EbaySandboxListingsPage />;
}
