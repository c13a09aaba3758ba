/**
 * 'Import products' in the library: a store's product CSV in, or a connected Shopify store read
 * through its API ('Import from Shopify'), and a summary out. A file's products are in the
 * library when the upload answers; a store's arrive page by page. Their images follow, and the
 * summary shows how far that got and what could not be fetched, product by product.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  CATALOGUE_FORMAT_NAMES,
  importExportFormat,
  importSummary,
  SEND_BACK_HINTS,
  type CatalogueImport as ImportResult,
} from '#domain/catalogue-import';
import { CHANNEL_NAMES } from '#domain/channels';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { ProgressBar } from '#web/components/ui/progress-bar';
import { libraryQueryKey, recountLibraryGaps } from '#web/lib/library';
import { useProfile } from '#web/lib/profile';
import { catalogueImportApi } from './catalogue-import-api';
import { StoreImport } from './store-import';

const POLL_MS = 1000;
/** Problems listed at once; the rest are counted. */
const LISTED_MAX = 20;

export function CatalogueImport() {
  const queryClient = useQueryClient();
  // Refetched in place, not reset: the summary stays on screen while the list refreshes.
  const refresh = useCallback(() => {
    recountLibraryGaps(queryClient);
    void queryClient.invalidateQueries({ queryKey: libraryQueryKey });
  }, [queryClient]);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const inputId = useId();
  const stores = useProfile().data?.ShopifyStore ?? [];
  const start = useMutation({
    mutationFn: (source: { file: File } | { shop: string }) =>
      'file' in source
        ? catalogueImportApi.start(source.file)
        : catalogueImportApi.startStore(source.shop),
    onSuccess: refresh,
  });
  const started = start.data;
  const progress = useQuery({
    queryKey: ['catalogue-import', started?.id],
    queryFn: () => catalogueImportApi.progress(started!.id),
    enabled: started !== undefined,
    initialData: started,
    refetchInterval: (query) => (query.state.data && running(query.state.data) ? POLL_MS : false),
  });
  const result = progress.data ?? started;
  const finished = result !== undefined && !running(result);
  // The fetched photos replace the tiles: the library shows them once the last is in (once an
  // import; the callback is new on every render of the screen).
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!started || !finished || refreshedFor.current === started.id) return;
    refreshedFor.current = started.id;
    refresh();
  }, [started, finished, refresh]);

  if (!open) {
    return (
      <div className="mb-4 flex justify-end">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Import products
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="mb-6 rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={`${inputId}-title`} className="text-lg font-semibold text-stone-900">
            Import products
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            A product CSV exported from Shopify, WooCommerce or Squarespace, or your connected
            Shopify store. Products you imported before from the same source are updated, not added
            twice. Importing is free.
          </p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      <form
        className="mt-4 flex flex-wrap items-center gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (file) start.mutate({ file });
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="text-sm text-stone-700 file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            start.reset();
          }}
        />
        <Button type="submit" disabled={!file} loading={start.isPending}>
          {start.isPending ? 'Importing…' : 'Import'}
        </Button>
      </form>
      {stores.length > 0 && (
        <StoreImport
          stores={stores}
          pending={start.isPending}
          onImport={(shop) => start.mutate({ shop })}
        />
      )}
      {start.isError && (
        <Banner className="mt-4">
          <p className="font-medium">
            {'file' in start.variables
              ? 'This file was not imported; nothing in your library changed.'
              : 'The store import did not start; nothing in your library changed.'}
          </p>
          <p className="mt-1">{start.error.message}</p>
        </Banner>
      )}
      {result && <ImportSummary result={result} />}
    </section>
  );
}

/** A store still being read, or images still to fetch: the summary keeps polling. */
const running = (result: ImportResult) => result.state === 'importing' || result.images.pending > 0;

function ImportSummary({ result }: { result: ImportResult }) {
  const { images } = result;
  const total = images.pending + images.done;
  return (
    <div className="mt-4 space-y-3" aria-live="polite">
      <Banner tone={result.error ? 'warning' : 'success'}>
        <p className="font-medium">
          {result.fileName}
          {result.format ? ` (${CATALOGUE_FORMAT_NAMES[result.format]})` : ''}:{' '}
          {importSummary(result)}
          {result.state === 'importing' ? ' so far — reading the store…' : ''}
        </p>
        {result.error && <p className="mt-1">{result.error}</p>}
      </Banner>
      <SendBack result={result} />
      {total > 0 &&
        (images.pending > 0 ? (
          <ProgressBar
            label={`Fetching images: ${images.done} of ${total} products`}
            value={images.done}
            max={total}
          />
        ) : (
          <p className="text-sm text-stone-700">
            Images: {images.fetched} fetched
            {images.failed > 0 ? `, ${images.failed} could not be fetched` : ''}.
          </p>
        ))}
      <ProblemList
        title="Skipped"
        items={result.skipped.map((skip) => ({
          key: `${skip.line}-${skip.key}`,
          text: `Line ${skip.line} (${skip.key}): ${skip.reason}`,
        }))}
      />
      <ProblemList
        title="Images not fetched"
        total={images.failed}
        items={images.failures.map((failure) => ({
          key: `${failure.productId}-${failure.url}`,
          text: `Line ${failure.line} (${failure.key}): ${failure.url ? `${failure.url} — ` : ''}${failure.reason}`,
        }))}
      />
    </div>
  );
}

/** A finished file import's products back in their own format, to update the store (ADR 046). */
function SendBack({ result }: { result: ImportResult }) {
  const platform = importExportFormat(result);
  if (!platform) return null;
  return (
    <p className="text-sm text-stone-700">
      <a
        href={`/api/catalogue-imports/${encodeURIComponent(result.id)}/export`}
        download
        className="font-medium text-stone-900 underline"
      >
        Download {CHANNEL_NAMES[platform]} CSV to update your store
      </a>{' '}
      {SEND_BACK_HINTS[platform]}
    </p>
  );
}

/** The first problems, and how many more there are (`total`: when the server sent only some). */
function ProblemList({
  title,
  items,
  total = items.length,
}: {
  title: string;
  items: { key: string; text: string }[];
  total?: number;
}) {
  if (total === 0) return null;
  return (
    <div>
      <h3 className="text-sm font-semibold text-stone-800">
        {title} ({total})
      </h3>
      <ul className="mt-1 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-sm break-words text-stone-700">
        {items.slice(0, LISTED_MAX).map((item) => (
          <li key={item.key}>{item.text}</li>
        ))}
        {total > Math.min(items.length, LISTED_MAX) && (
          <li>…and {total - Math.min(items.length, LISTED_MAX)} more</li>
        )}
      </ul>
    </div>
  );
}
