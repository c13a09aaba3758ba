import { useQueryClient } from '@tanstack/react-query';
import { LibraryScreen, type RenderLibraryCard } from '../features/library/library-screen';
import { CardChannelFieldsProvider } from '../components/card-channel-fields';
import { renderEbayCardFields } from '../features/ebay/ebay-card-fields';
import { EbayPublishButton } from '../features/ebay/ebay-publish-dialog';
import { ProductCard } from '../features/review/product-card';
import { replaceCachedProduct } from '../features/review/product-cache';
import { PublishButton } from '../features/shopify/publish-dialog';
import { WooPublishButton } from '../features/woocommerce/woo-publish-dialog';
import { useExportDownload } from '../features/review/use-export-download';
import { AutosaveProvider, useAutosaver } from '../features/review/use-product-autosave';

/**
 * /library: the library screen with the review feature's card, so a saved product is edited,
 * autosaved and deleted exactly as a draft is, the channels' publish actions and eBay's fields
 * on the card (features do not import each other).
 */
export default function LibraryRoute() {
  return (
    <AutosaveProvider>
      <CardChannelFieldsProvider value={renderEbayCardFields}>
        <LibraryWithCards />
      </CardChannelFieldsProvider>
    </AutosaveProvider>
  );
}

/** The library's cards are memoised on this function (module-level, so it keeps its identity). */
const renderCard: RenderLibraryCard = (product, { readOnly, selectControl, gapChips }) => (
  <ProductCard
    product={product}
    place="library"
    readOnly={readOnly}
    selectControl={selectControl}
    notes={gapChips}
  />
);

function LibraryWithCards() {
  const downloader = useExportDownload();
  const autosaver = useAutosaver();
  const queryClient = useQueryClient();
  return (
    <LibraryScreen
      downloader={downloader}
      flushEdits={() => autosaver.flushAll()}
      onDeleted={(ids) => ids.forEach((id) => autosaver.discard(id))}
      renderPublish={(target) => (
        <>
          <PublishButton
            size="sm"
            target={target}
            onPublished={(product) => replaceCachedProduct(queryClient, product)}
          />
          <WooPublishButton
            size="sm"
            target={target}
            onPublished={(product) => replaceCachedProduct(queryClient, product)}
          />
          <EbayPublishButton
            size="sm"
            target={target}
            onPublished={(product) => replaceCachedProduct(queryClient, product)}
          />
        </>
      )}
      renderCard={renderCard}
    />
  );
}
