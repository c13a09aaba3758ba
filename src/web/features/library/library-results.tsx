import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { CatalogueGap } from '#domain/catalogue-gaps';
import type { Product } from '#domain/products';
import type { StoreUpdateReply } from '#domain/store-update';
import { CombineButton } from '#web/components/combine-button';
import { useCombineProducts } from '#web/lib/combine-products';
import { refreshLibrary } from '#web/lib/library';
import { profileQueryKey } from '#web/lib/profile';
import { libraryApi, LOAD_FAILED_MESSAGE } from './api';
import { BulkActionDialogs, BulkReportDialog, type BulkDialog } from './bulk-dialogs';
import { CatalogueImport } from './catalogue-import';
import { NoGapMatch } from './gap-filters';
import { useImproveRun } from './improve-run';
import { LibraryBottomBar, type ExportDownloader } from './library-bottom-bar';
import { LibraryList, type RenderLibraryCard } from './library-list';
import {
  EmptyLibrary,
  LibrarySkeleton,
  LoadError,
  NoMatch,
  PremiumRequired,
  ReadOnlyBanner,
} from './library-states';
import {
  isSelected,
  NOTHING_SELECTED,
  selectedCount,
  toggle,
  toRequestSelection,
  type Selection,
} from './selection';
import { LibraryStoreUpdate, StoreUpdateReport } from './store-update';
import { useBulkAction } from './use-bulk-action';
import {
  cachedLoadedProducts,
  isPremiumRequired,
  useLibraryJumps,
  useLibraryPages,
  useLoadedPages,
} from './use-library';

/** What 'Publish to Shopify' may send: how many, and the products (edits sent first). */
export interface LibraryPublishTarget {
  count: number;
  load(): Promise<Product[]>;
  /** Nothing ticked: every result of the search (blank: the library) and gap is sent. */
  everything?: { term: string };
}

/** What the route gives the library: how to draw, publish and download products. */
export interface LibraryResultsProps {
  renderCard: RenderLibraryCard;
  /** The publish action, supplied by the route (features do not import each other). */
  renderPublish?: (target: LibraryPublishTarget) => ReactNode;
  downloader: ExportDownloader;
  /** Sends edits still waiting, so a bulk action works on what the seller sees. */
  flushEdits(): Promise<void>;
  /** Forgets edits of products a bulk delete removed. */
  onDeleted(ids: readonly string[]): void;
}

/**
 * The results of one search and gap: the list of cards, the bottom bar and the bulk actions'
 * dialogs on what is ticked.
 */
export function LibraryResults({
  term,
  gap,
  clearGap,
  clearSearch,
  renderCard,
  downloader,
  flushEdits,
  onDeleted,
  renderPublish,
  selection,
  setSelection,
  onListed,
}: LibraryResultsProps & {
  onListed(term: string): void;
  term: string;
  gap: CatalogueGap | null;
  clearGap(): void;
  clearSearch(): void;
  selection: Selection;
  setSelection(selection: Selection): void;
}) {
  const queryClient = useQueryClient();
  const library = useLibraryPages(term, gap);
  const jumps = useLibraryJumps(term, gap);
  const [dialog, setDialog] = useState<BulkDialog>(null);
  const [storeReport, setStoreReport] = useState<StoreUpdateReply | null>(null);
  const pages = library.data?.pages;
  const arrived = pages !== undefined;
  useEffect(() => {
    if (arrived) onListed(term);
  }, [arrived, term, onListed]);
  const loadedPages = useLoadedPages(pages, jumps.jumped);
  const loadedIds = useMemo(
    () => loadedPages.flatMap((page) => page.products.map((product) => product.id)),
    [loadedPages],
  );
  const photoCounts = useMemo(
    () =>
      new Map(
        loadedPages.flatMap((page) =>
          page.products.map((product) => [product.id, product.photos.length] as const),
        ),
      ),
    [loadedPages],
  );
  // The cards hold on to one toggle (they are memoised), which reads the selection of now.
  const latest = useRef({ selection, loadedIds, setSelection });
  useLayoutEffect(() => {
    latest.current = { selection, loadedIds, setSelection };
  });
  const onToggle = useCallback((id: string) => {
    const now = latest.current;
    now.setSelection(toggle(now.selection, id, now.loadedIds));
  }, []);
  // Ticked one by one, in the order ticked: the first keeps its listing and main photo.
  const tickedIds = selection.kind === 'ids' ? [...selection.ids] : [];
  const improve = useImproveRun({
    enabled: library.data?.pages[0]?.access.mode === 'editable',
    beforeStart: flushEdits,
    onStarted: () => {
      setDialog(null);
      setSelection(NOTHING_SELECTED);
    },
    onFinished: useCallback(() => {
      void refreshLibrary(queryClient);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    }, [queryClient]),
  });
  const combine = useCombineProducts({
    beforeCombine: flushEdits,
    onCombined: (reply) => {
      onDeleted(reply.removedProductIds);
      setSelection(NOTHING_SELECTED);
    },
  });

  const bulk = useBulkAction({
    chosen: toRequestSelection(selection),
    flushEdits,
    onDeleted,
    onDone: () => {
      setDialog(null);
      setSelection(NOTHING_SELECTED);
    },
  });

  if (library.isPending) {
    return (
      <div className="mt-8">
        <LibrarySkeleton />
      </div>
    );
  }
  if (library.isError && !pages) {
    return (
      <div className="mt-8">
        {isPremiumRequired(library.error) ? (
          <PremiumRequired />
        ) : (
          <LoadError
            message={library.error.message || LOAD_FAILED_MESSAGE}
            onRetry={() => void library.refetch()}
          />
        )}
      </div>
    );
  }
  if (!pages) return null;

  const first = pages[0]!;
  const total = first.total;
  const access = first.access;
  const editable = access.mode === 'editable';
  const nothingLoaded = loadedIds.length === 0;
  const publishTarget: LibraryPublishTarget = {
    count: selectedCount(selection) || total,
    // Nothing ticked: everything goes, and the dialog asks 'Publish all 47 products?'.
    ...(selectedCount(selection) === 0 ? { everything: { term } } : {}),
    async load() {
      await flushEdits();
      if (selection.kind === 'ids' && selection.ids.size > 0) {
        // The cache as the flush left it: the render's pages predate the edits just saved.
        const loaded = cachedLoadedProducts(queryClient, term, gap, jumps.jumped.keys());
        return loaded.filter((product) => selection.ids.has(product.id));
      }
      // Every result of the search (the whole library when blank), loaded page by page.
      return selection.kind === 'search'
        ? libraryApi.allResults(selection.q, selection.gap)
        : libraryApi.allResults(term, gap);
    },
  };

  return (
    <div className="mt-6">
      {access.mode === 'read-only' && <ReadOnlyBanner access={access} />}
      {editable && <CatalogueImport />}
      {editable && improve.view}
      {nothingLoaded && !library.hasNextPage ? (
        gap ? (
          <NoGapMatch gap={gap} term={term} onClear={clearGap} />
        ) : term ? (
          <NoMatch term={term} onClear={clearSearch} />
        ) : (
          <EmptyLibrary />
        )
      ) : (
        <>
          <LibraryList
            pages={pages}
            jumped={jumps.jumped}
            onJump={jumps.want}
            total={total}
            hasNextPage={library.hasNextPage}
            loadingMore={library.isFetchingNextPage}
            loadMoreError={library.isFetchNextPageError ? library.error.message : null}
            loadMore={() => void library.fetchNextPage()}
            renderCard={renderCard}
            readOnly={!editable}
            isSelected={(id) => isSelected(selection, id)}
            onToggle={onToggle}
          />
          <LibraryBottomBar
            selection={selection}
            onSelectionChange={setSelection}
            loadedIds={loadedIds}
            term={term}
            gap={gap}
            total={total}
            editable={editable}
            downloader={downloader}
            onBulk={setDialog}
            combineControl={
              <CombineButton
                selectedCount={tickedIds.length}
                photoCount={tickedIds.reduce((sum, id) => sum + (photoCounts.get(id) ?? 1), 0)}
                busy={combine.isPending}
                onCombine={() => combine.mutate(tickedIds)}
              />
            }
            storeUpdateControl={
              <LibraryStoreUpdate
                selection={selection}
                pages={loadedPages}
                beforeUpdate={flushEdits}
                onUpdated={(reply) => {
                  setStoreReport(reply);
                  void refreshLibrary(queryClient);
                }}
              />
            }
            publishAction={renderPublish?.(publishTarget)}
          />
        </>
      )}
      <BulkActionDialogs
        open={dialog}
        count={selectedCount(selection)}
        busy={bulk.mutation.isPending}
        improving={improve.starting}
        onClose={() => setDialog(null)}
        onConfirm={(action) => bulk.mutation.mutate(action)}
        onImprove={(choice) => {
          const chosen = toRequestSelection(selection);
          if (chosen) improve.start(chosen, choice);
        }}
      />
      <BulkReportDialog report={bulk.report} onClose={bulk.closeReport} />
      <StoreUpdateReport report={storeReport} onClose={() => setStoreReport(null)} />
    </div>
  );
}
