import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import {
  memo,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { toExportProduct, type Product } from '#domain/products';
import { countReadiness } from '#domain/readiness';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { Tooltip } from '#web/components/ui/tooltip';
import { useBuyCredits } from '#web/lib/buy-credits';
import { summariseCredits, useIsPremium, useProfile } from '#web/lib/profile';
import { useProducts } from '#web/lib/products';
import { AiUnavailableScreen, isAiUnavailable } from './ai-unavailable';
import { useCardMounter } from './card-mounting';
import { PlusIcon } from './icons';
import { cachedProducts } from './product-cache';
import { NextToAnswer } from './next-to-answer';
import { ReadinessSummary } from './readiness-status';
import { ReviewBottomBar } from './review-bottom-bar';
import { ReviewList } from './review-list';
import { countProgress, ReviewProgressStatus } from './review-progress';
import { useReviewCombine } from './review-selection';
import { deleteProductMutationKey } from './use-product-actions';
import { AutosaveProvider, useAutosaver } from './use-product-autosave';
import { useProductEvents } from './use-product-events';

export const EMPTY_REVIEW_TEXT = 'No products generated yet. Start by uploading some images.';

/** The upload component, supplied by the route (features do not import each other). */
export type RenderUploader = (onUploaded: (products: Product[]) => void) => ReactNode;

/** What the bottom bar may publish: how many, and the products (edits sent first). */
export interface ReviewPublishTarget {
  count: number;
  load(): Promise<Product[]>;
}
/** The publish action, supplied by the route. */
export type RenderPublish = (target: ReviewPublishTarget) => ReactNode;

export function ReviewScreen({
  renderUploader,
  renderPublish,
  autosaveDebounceMs,
}: {
  renderUploader: RenderUploader;
  renderPublish?: RenderPublish;
  autosaveDebounceMs?: number;
}) {
  return (
    <AutosaveProvider debounceMs={autosaveDebounceMs}>
      <ReviewContent renderUploader={renderUploader} renderPublish={renderPublish} />
    </AutosaveProvider>
  );
}

function AddMoreImages({ renderUploader }: { renderUploader: RenderUploader }) {
  const profile = useProfile();
  const openBuyCredits = useBuyCredits((state) => state.open);
  const [open, setOpen] = useState(false);
  const credits = profile.data ? summariseCredits(profile.data).total : 0;
  const canUpload = profile.isSuccess && credits > 0;

  // The uploader has already put the new products into the list and refreshed the credits.
  const onUploaded = () => {
    setOpen(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const label = (
    <>
      <PlusIcon className="size-4" />
      Add More Images
    </>
  );
  return (
    <>
      {canUpload ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {label}
        </Button>
      ) : (
        <div className="flex shrink-0 items-center gap-3">
          {profile.isSuccess && (
            <button
              type="button"
              onClick={openBuyCredits}
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Buy credits
            </button>
          )}
          <Tooltip content="You have no credits left. Buy credits or upgrade to add more images.">
            {/* aria-disabled, not disabled: a disabled button gets no focus or pointer events, so
                keyboard and mouse users alike could never reach the tooltip that says why. */}
            <Button variant="secondary" aria-disabled>
              {label}
            </Button>
          </Tooltip>
        </div>
      )}
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add More Images"
        description="New products appear at the top of your list."
        className="w-[min(92vw,40rem)]"
      >
        {renderUploader(onUploaded)}
      </Dialog>
    </>
  );
}

function ReviewContent({
  renderUploader,
  renderPublish,
}: {
  renderUploader: RenderUploader;
  renderPublish: RenderPublish | undefined;
}) {
  const navigate = useNavigate();
  const autosaver = useAutosaver();
  const products = useProducts();
  // Only whether premium: a credit spent as a draft arrives does not draw the screen again.
  const premium = useIsPremium();
  // The header, banners and bottom bar follow the list a step behind the cache: the render a
  // product event starts draws the cards it changed at once (the list reads the cache itself),
  // the rest in a deferred render, which React splits into slices of a few milliseconds, so a
  // hundred drafts arriving never hold the page up (ADR 029).
  const list = useDeferredValue(products.data);
  const deletions = useIsMutating({ mutationKey: deleteProductMutationKey });
  const empty = products.isSuccess && list?.length === 0 && deletions === 0;

  useProductEvents({
    anyPending: list?.some((product) => product.generation.state === 'pending') ?? false,
    onDeleted: autosaver.discard,
  });

  // Edits a previous page left unsent are restored once, when the list first arrives.
  const restored = useRef(false);
  useEffect(() => {
    if (!list || restored.current) return;
    restored.current = true;
    autosaver.restore(new Set(list.map((product) => product.id)));
  }, [list, autosaver]);

  useEffect(() => {
    if (empty) navigate('/create', { replace: true });
  }, [empty, navigate]);

  // Also while the arrived list waits for its deferred render.
  if (products.isPending || (products.data && !list)) {
    return (
      <div className="flex justify-center py-20 text-brand-600">
        <Spinner label="Loading your products" />
      </div>
    );
  }
  if (!list) {
    return (
      <div className="mx-auto max-w-xl py-10">
        <Banner>
          <div className="flex items-center justify-between gap-4">
            <span>{products.error?.message ?? 'Failed to load your products'}</span>
            <Button size="sm" variant="secondary" onClick={() => void products.refetch()}>
              Retry
            </Button>
          </div>
        </Banner>
      </div>
    );
  }
  if (isAiUnavailable(list)) return <AiUnavailableScreen products={list} />;
  return (
    <ReviewLoaded
      list={list}
      premium={premium}
      renderUploader={renderUploader}
      renderPublish={renderPublish}
    />
  );
}

/** The screen with its list; memoised, so the urgent pass of an event's render skips it. */
const ReviewLoaded = memo(function ReviewLoaded({
  list,
  premium,
  renderUploader,
  renderPublish,
}: {
  list: Product[];
  premium: boolean;
  renderUploader: RenderUploader;
  renderPublish: RenderPublish | undefined;
}) {
  const queryClient = useQueryClient();
  const autosaver = useAutosaver();
  const mounter = useCardMounter();
  const progress = countProgress(list);
  const readiness = countReadiness(list);
  // What the files would hold, for each store's needs in the ask-first dialog (any origin will
  // do: only whether an image is there matters).
  const exportProducts = useMemo(
    () =>
      list
        .filter((product) => product.generation.state === 'ready')
        .map((product) => toExportProduct(product, window.location.origin)),
    [list],
  );
  const combining = useReviewCombine(list);

  const ready = list.filter((product) => product.generation.state === 'ready');
  const publishTarget: ReviewPublishTarget = {
    count: ready.length,
    async load() {
      // What the seller sees is what is published: edits still waiting are sent first.
      await autosaver.flushAll();
      // The cache as the flush left it: this render's list predates the edits just saved.
      return cachedProducts(queryClient).filter((product) => product.generation.state === 'ready');
    },
  };
  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-6 flex items-start justify-between gap-6">
        <header>
          <h1 className="text-3xl font-semibold tracking-tight text-slate-900">
            Let&apos;s review your product library
          </h1>
          <div className="flex flex-wrap items-center gap-x-4">
            <ReviewProgressStatus
              progress={progress}
              whenDone={<ReadinessSummary count={readiness} />}
            />
            <NextToAnswer products={list} mountCard={mounter.mountNow} />
          </div>
        </header>
        <AddMoreImages renderUploader={renderUploader} />
      </div>
      {combining.banners}
      {list.length === 0 ? (
        <p className="py-16 text-center text-slate-600">{EMPTY_REVIEW_TEXT}</p>
      ) : (
        <ReviewList ticks={combining.ticks} mounter={mounter} />
      )}
      <ReviewBottomBar
        premium={premium}
        readiness={readiness}
        exportProducts={exportProducts}
        selection={combining.actions}
        publishAction={renderPublish?.(publishTarget)}
      />
    </div>
  );
});
