import { ReviewScreen } from '../features/review/review-screen';
import { useShopConnectedNotice } from '../features/shopify/use-shop-connected-notice';
import { ProductUploader } from '../features/upload/product-uploader';

/** /productlibrary: review of freshly generated drafts, with the uploader for more images. */
export default function ProductReviewRoute() {
  useShopConnectedNotice();
  return (
    <ReviewScreen
      renderUploader={(onUploaded) => <ProductUploader variant="dialog" onUploaded={onUploaded} />}
    />
  );
}
