import { useQueryClient } from '@tanstack/react-query';
import { CardChannelFieldsProvider } from '../components/card-channel-fields';
import { renderEbayCardFields } from '../features/ebay/ebay-card-fields';
import { EbayPublishButton } from '../features/ebay/ebay-publish-dialog';
import { replaceCachedProduct } from '../features/review/product-cache';
import { ReviewScreen } from '../features/review/review-screen';
import { PublishButton } from '../features/shopify/publish-dialog';
import { WooPublishButton } from '../features/woocommerce/woo-publish-dialog';
import { useShopConnectedNotice } from '../features/shopify/use-shop-connected-notice';
import { ProductUploader } from '../features/upload/product-uploader';

/** /productlibrary: review of freshly generated drafts, with the uploader for more images. */
export default function ProductReviewRoute() {
  useShopConnectedNotice();
  const queryClient = useQueryClient();
  return (
    <CardChannelFieldsProvider value={renderEbayCardFields}>
      <ReviewScreen
        renderUploader={(onUploaded) => (
          <ProductUploader variant="dialog" onUploaded={onUploaded} />
        )}
        renderPublish={(target) => (
          <>
            <PublishButton
              target={target}
              onPublished={(product) => replaceCachedProduct(queryClient, product)}
            />
            <WooPublishButton
              target={target}
              onPublished={(product) => replaceCachedProduct(queryClient, product)}
            />
            <EbayPublishButton
              target={target}
              onPublished={(product) => replaceCachedProduct(queryClient, product)}
            />
          </>
        )}
      />
    </CardChannelFieldsProvider>
  );
}
