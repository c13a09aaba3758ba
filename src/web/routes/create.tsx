import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../components/page-header';
import { Banner } from '../components/ui/banner';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useShopConnectedNotice } from '../features/shopify/use-shop-connected-notice';
import { ProductUploader } from '../features/upload/product-uploader';
import { useProducts } from '../lib/products';
import { preloadScreen, preloadScreenWhenIdle } from '../lib/screen-preload';

/** Upload screen. Drafts waiting for review take precedence: the seller goes to review them. */
export default function CreateRoute() {
  const products = useProducts();
  const navigate = useNavigate();
  const location = useLocation();
  const goesToReview = products.data !== undefined && products.data.length > 0;
  const showsUploader = !products.isPending && !goesToReview;
  // When the seller goes on to review, the notice goes along and shows there.
  useShopConnectedNotice(showsUploader);
  // Review comes next: its code is fetched while the seller picks photos, so the upload's request
  // does not wait behind it and the first draft opens at once.
  useEffect(
    () => (showsUploader ? preloadScreenWhenIdle('/productlibrary') : undefined),
    [showsUploader],
  );

  if (products.isPending) {
    return (
      <div className="flex justify-center py-20 text-brand-600">
        <Spinner label="Loading your products" />
      </div>
    );
  }
  if (goesToReview) {
    return <Navigate to={{ pathname: '/productlibrary', search: location.search }} replace />;
  }

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Let's create your product library">
        Drop product photos and Listsmith drafts a title, description, category and price for each.
      </PageHeader>
      {products.isError && (
        // Uploading still works; only the check for drafts waiting in review failed.
        <Banner tone="warning" className="mb-4 flex items-center justify-between gap-4">
          {products.error.message}
          <Button variant="secondary" size="sm" onClick={() => void products.refetch()}>
            Try again
          </Button>
        </Banner>
      )}
      <ProductUploader
        variant="page"
        // The first drafts take the seller to review: its code is fetched meanwhile, if the
        // browser has not fetched it yet.
        onStart={() => preloadScreen('/productlibrary')}
        onUploaded={() => navigate('/productlibrary')}
      />
      <p className="mt-4 text-center text-sm text-slate-500">
        By uploading you agree to our{' '}
        <Link to="/terms" className="font-medium text-brand-700 hover:underline">
          terms of use
        </Link>
        .
      </p>
    </div>
  );
}
