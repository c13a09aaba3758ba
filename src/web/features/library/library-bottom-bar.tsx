import type { ReactNode } from 'react';
import { GAP_PHRASES, type CatalogueGap } from '#domain/catalogue-gaps';
import { EXPORT_PLATFORMS, type ExportPlatform } from '#domain/export-common';
import { formatCount } from '#domain/text/english';
import { Button } from '#web/components/ui/button';
import { StrokeIcon } from '#web/components/ui/stroke-icon';
import { libraryExportRequest } from './api';
import type { BulkDialogName } from './bulk-dialogs';
import { useAskBeforeDownload } from './download-readiness';
import {
  countProducts,
  NOTHING_SELECTED,
  selectAllResults,
  selectedCount,
  searchSelection,
  selectLoaded,
  toRequestSelection,
  type Selection,
} from './selection';

/** Downloads a CSV and says which format is on its way (the review feature's download). */
export interface ExportDownloader {
  download(format: ExportPlatform, url: string, body?: unknown): Promise<void>;
  downloading: ExportPlatform | null;
}

const PLATFORM_LABELS: Record<ExportPlatform, string> = {
  shopify: 'Download Shopify CSV',
  squarespace: 'Download Squarespace CSV',
  woocommerce: 'Download WooCommerce CSV',
};

/** Which products a search and gap take: '“vase” with no tags', 'in your library'. */
function describeResults(term: string, gap: CatalogueGap | null): string {
  const matching = term ? `matching “${term}”` : '';
  const withGap = gap ? `with ${GAP_PHRASES[gap]}` : '';
  return [matching, withGap].filter(Boolean).join(' ') || 'in your library';
}

/** What the downloads (and, with a selection, the bulk actions) apply to, in words. */
function describeScope(
  selection: Selection,
  term: string,
  gap: CatalogueGap | null,
  total: number,
): string {
  const count = selectedCount(selection);
  if (selection.kind === 'search') {
    return `All ${countProducts(count)} ${describeResults(term, gap)} selected`;
  }
  if (count > 0) return `${formatCount(count)} selected`;
  const results = `${countProducts(total)} ${describeResults(term, gap)}`;
  return term ? results : `All ${results}`;
}

/**
 * The fixed bar under the list: what is selected, ways to select more, bulk actions on the
 * selection, and the CSV downloads (of the selection, else of the search, else of it all).
 */
export function LibraryBottomBar({
  selection,
  onSelectionChange,
  loadedIds,
  term,
  gap,
  total,
  editable,
  downloader,
  onBulk,
  combineControl,
  storeUpdateControl,
  publishAction,
}: {
  selection: Selection;
  onSelectionChange(selection: Selection): void;
  loadedIds: readonly string[];
  term: string;
  /** The audit gap the list is filtered by, if any. */
  gap: CatalogueGap | null;
  total: number;
  editable: boolean;
  downloader: ExportDownloader;
  onBulk(action: BulkDialogName): void;
  /** 'Combine into one product' for the ticked products. */
  combineControl: ReactNode;
  /** 'Update in Shopify' when the selection holds products from a connected store. */
  storeUpdateControl?: ReactNode;
  /** 'Publish to Shopify' for the same scope as the downloads (supplied by the route). */
  publishAction?: ReactNode;
}) {
  const chosen = toRequestSelection(selection);
  const scope = chosen ?? searchSelection(term, gap);
  const everyResult = selection.kind === 'search';
  const allLoadedTicked =
    selection.kind === 'ids' &&
    loadedIds.length > 0 &&
    loadedIds.every((id) => selection.ids.has(id));
  const { downloading } = downloader;
  const askFirst = useAskBeforeDownload((format) => {
    const request = libraryExportRequest(format, scope);
    void downloader.download(format, request.url, request.body);
  });
  const busy = downloading ?? askFirst.checking;

  return (
    <section
      aria-label="Library actions"
      className="sticky bottom-4 z-10 mt-10 rounded-2xl border border-slate-200 bg-white/95 px-5 py-3 shadow-lg backdrop-blur"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p role="status" className="text-sm font-medium text-slate-900">
            {describeScope(selection, term, gap, total)}
          </p>
          {!everyResult && !allLoadedTicked && loadedIds.length > 0 && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onSelectionChange(selectLoaded(loadedIds))}
            >
              {loadedIds.length < total
                ? `Select the ${formatCount(loadedIds.length)} shown`
                : 'Select all'}
            </Button>
          )}
          {!everyResult && total > loadedIds.length && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onSelectionChange(selectAllResults(term, total, gap))}
            >
              {term || gap
                ? `Select all ${formatCount(total)} results`
                : `Select all ${formatCount(total)} products`}
            </Button>
          )}
          {chosen && (
            <Button variant="ghost" size="sm" onClick={() => onSelectionChange(NOTHING_SELECTED)}>
              Clear selection
            </Button>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {publishAction}
          {EXPORT_PLATFORMS.map((format) => (
            <Button
              key={format}
              size="sm"
              variant={format === 'shopify' ? 'primary' : 'secondary'}
              disabled={busy !== null && busy !== format}
              loading={busy === format}
              onClick={() => askFirst.request(format, scope)}
            >
              {busy !== format && (
                <StrokeIcon className="size-4">
                  <path d="M12 4v11m0 0 4-4m-4 4-4-4M5 19h14" />
                </StrokeIcon>
              )}
              {PLATFORM_LABELS[format]}
            </Button>
          ))}
        </div>
      </div>
      {askFirst.dialog}
      {/* Actions on the selection get a row of their own, so neither row wraps on a laptop screen. */}
      {chosen && editable && (
        <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2">
          {combineControl}
          {storeUpdateControl}
          <Button variant="secondary" size="sm" onClick={() => onBulk('set-status')}>
            Set status
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onBulk('regenerate')}>
            Regenerate text
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onBulk('improve')}>
            Improve…
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onBulk('suggestions')}>
            Accept or reject suggestions
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onBulk('delete')}>
            <StrokeIcon className="size-4 text-red-600">
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
            </StrokeIcon>
            Delete
          </Button>
        </div>
      )}
    </section>
  );
}
