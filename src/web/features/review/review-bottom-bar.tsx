import { useState, type ReactNode } from 'react';
import {
  addToShortfall,
  channelNeeds,
  describeChannelShortfall,
  type ChannelShortfall,
} from '#domain/channels';
import { EXPORT_PLATFORMS, exportableProducts, type ExportPlatform } from '#domain/export-common';
import type { ExportProduct } from '#domain/product';
import { PREMIUM_MONTHLY_CREDITS, PREMIUM_PRICE_USD } from '#domain/plans';
import { describeLeftOut, describeUnready, type ReadinessCount } from '#domain/readiness';
import { AskFirstDialog } from '#web/components/ask-first-dialog';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { useStartCheckout } from '#web/lib/billing';
import { DownloadIcon } from './icons';
import { useExportDownload } from './use-export-download';
import { useFinishReview } from './use-product-actions';

const DOWNLOAD_LABELS: Record<ExportPlatform, string> = {
  shopify: 'Download Shopify CSV',
  squarespace: 'Download Squarespace CSV',
  woocommerce: 'Download WooCommerce CSV',
};

function PremiumOfferDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  // From the review screen, the success view goes on to the library the drafts were saved to.
  const checkout = useStartCheckout({ origin: 'review' });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upgrade to Premium"
      description="Keep every listing you create in your product library."
    >
      <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
        <li>Every generated product is saved to your library automatically.</li>
        <li>Edit saved products at any time, download or publish them.</li>
        <li>
          ${PREMIUM_PRICE_USD}/month for {PREMIUM_MONTHLY_CREDITS} credits every month.
        </li>
      </ul>
      {checkout.error && <Banner className="mt-4">{checkout.error}</Banner>}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={checkout.busy}>
          Not now
        </Button>
        <Button loading={checkout.busy} onClick={() => checkout.start('premium')}>
          Upgrade to Premium
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Sticky actions under the list: what the selected cards can do, 'Finish review' for premium
 * sellers (their products are saved already), 'Save to Library' (the premium offer) for free ones,
 * 'Publish to Shopify' and the CSV downloads.
 */
export function ReviewBottomBar({
  premium,
  readiness,
  exportProducts,
  selection,
  publishAction,
}: {
  premium: boolean;
  readiness: ReadinessCount;
  /** The generated products a download writes, as the files see them (for each store's needs). */
  exportProducts: readonly ExportProduct[];
  /** What the selected cards can do (combine), at the bar's start. */
  selection?: ReactNode;
  /** 'Publish to Shopify', supplied by the route. */
  publishAction?: ReactNode;
}) {
  const [offerOpen, setOfferOpen] = useState(false);
  const [asking, setAsking] = useState<ExportPlatform | null>(null);
  const { download, downloading } = useExportDownload();
  const finish = useFinishReview();
  const anyGenerated = readiness.total > 0;
  const disabledReason = anyGenerated ? undefined : 'Available once a product is ready';
  const question = describeUnready(readiness);

  const shortfall = (format: ExportPlatform): ChannelShortfall =>
    exportableProducts(exportProducts).reduce(
      (sum, product) => addToShortfall(sum, channelNeeds(product, format)),
      [] as ChannelShortfall,
    );
  const askingShortfall = asking === null ? [] : shortfall(asking);
  const askingQuestion =
    asking === null
      ? null
      : (question ??
        (askingShortfall.length > 0
          ? 'Some products are missing what this store needs. Download anyway?'
          : null));
  const details = [
    describeLeftOut(readiness.untitled, 'Download'),
    asking === null ? null : describeChannelShortfall(asking, askingShortfall),
  ].filter((part) => part !== null);

  const requestDownload = (format: ExportPlatform) => {
    if (question === null && shortfall(format).length === 0) void download(format);
    else setAsking(format);
  };

  return (
    <div className="sticky bottom-4 z-10 mt-10 rounded-2xl border border-slate-200 bg-white/95 px-5 py-3 shadow-lg backdrop-blur">
      {/* Wraps rather than squeezes: with a selection, its actions take a row of their own and
          the review's own buttons stay together on the next. */}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {selection && <div className="mr-auto">{selection}</div>}
        {/* Whole buttons move to a second row rather than squeezing their words. */}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {premium ? (
            <Button
              variant="secondary"
              disabled={!anyGenerated}
              loading={finish.isPending}
              title={disabledReason}
              onClick={() => finish.mutate()}
            >
              Finish review
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setOfferOpen(true)}>
              Save to Library
              <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                Premium
              </span>
            </Button>
          )}
          {anyGenerated && publishAction}
          {EXPORT_PLATFORMS.map((format) => (
            <Button
              key={format}
              variant={format === 'shopify' ? 'primary' : 'secondary'}
              disabled={!anyGenerated || (downloading !== null && downloading !== format)}
              loading={downloading === format}
              title={disabledReason}
              onClick={() => requestDownload(format)}
            >
              {downloading !== format && <DownloadIcon className="size-4" />}
              {DOWNLOAD_LABELS[format]}
            </Button>
          ))}
        </div>
      </div>
      <PremiumOfferDialog open={offerOpen} onOpenChange={setOfferOpen} />
      <AskFirstDialog
        question={askingQuestion}
        leftOut={details.length > 0 ? details.join(' ') : null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking !== null) void download(asking);
          setAsking(null);
        }}
      />
    </div>
  );
}
