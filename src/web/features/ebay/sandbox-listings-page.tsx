import type { EbaySandboxListing } from '#domain/api/ebay';
import {
  SandboxAdminPage,
  SandboxProductRow,
} from '#web/components/store-channel/sandbox-admin-page';
import { EBAY_SANDBOX_TEST_MODE } from './sandbox-authorize-page';
import { shownPrice } from './ebay-entry';
import { useEbaySandboxListings } from './use-ebay';

const CONDITIONS: Record<string, string> = {
  NEW: 'New',
  USED_EXCELLENT: 'Used',
  SELLER_REFURBISHED: 'Seller refurbished',
};

function ListingRow({ listing }: { listing: EbaySandboxListing }) {
  const specifics = Object.entries(listing.aspects);
  return (
    <SandboxProductRow
      anchor={listing.sku}
      // A live listing's link ends in #listing-{id}, a draft's in #sku-{sku}.
      rowId={listing.listingId ? `listing-${listing.listingId}` : `sku-${listing.sku}`}
      images={listing.images}
      name={listing.title}
      countImages
      details={
        <>
          <p className="text-xs text-slate-500">
            SKU {listing.sku}
            {listing.listingId && (
              // Where the link of its draft days ends.
              <span id={`sku-${listing.sku}`}> · Item {listing.listingId}</span>
            )}
          </p>
          <p className="mt-1 text-xs text-slate-600">
            {[
              listing.categoryName || `Category ${listing.categoryId}`,
              CONDITIONS[listing.condition] ?? listing.condition,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </>
      }
      live={listing.status === 'PUBLISHED'}
      status={listing.status === 'PUBLISHED' ? 'Live' : 'Draft'}
      updatedAt={listing.updatedAt}
    >
      <td className="py-3 pr-4 text-sm text-slate-900 tabular-nums">{shownPrice(listing.price)}</td>
      <td className="py-3 pr-4 text-xs text-slate-700">
        {specifics.length === 0 ? (
          '—'
        ) : (
          <dl aria-label={`Item specifics of ${listing.title}`}>
            {specifics.map(([name, values]) => (
              <div key={name} className="flex gap-1">
                <dt className="text-slate-500">{name}:</dt>
                <dd>{values.join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
      </td>
    </SandboxProductRow>
  );
}

/**
 * The sandbox eBay's listings: every offer publishing made, a draft (eBay's unpublished offer)
 * or live, with its price and item specifics as eBay holds them. Marked as a test.
 */
export function EbaySandboxListingsPage() {
  const listings = useEbaySandboxListings();
  return (
    <SandboxAdminPage
      notice={EBAY_SANDBOX_TEST_MODE}
      badge="Sandbox eBay listings"
      store="Sandbox eBay account"
      backTo="/library"
      products={listings}
      heading="Listings"
      empty="Nothing has been sent to the sandbox eBay yet."
      columns={['Image', 'Title', 'Status', 'Price', 'Item specifics', 'Updated']}
      renderRow={(listing) => <ListingRow key={listing.sku} listing={listing} />}
    />
  );
}
