/**
 * 'Update in Shopify' among the library's bulk actions (issue 25, ADR 045): shown when the
 * selection holds products imported from a connected store. It asks first, naming the store and
 * how many products go ('Update 3 products in alder-grove.myshopify.com?'; a choice when they
 * came from several stores), says that only the changed fields are sent, and then shows what
 * happened to each product.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { LibraryPage, LibrarySelection } from '#domain/library';
import type { Product } from '#domain/products';
import {
  STORE_UPDATE_FIELD_NAMES,
  STORE_UPDATE_MESSAGES,
  storeUpdateQuestion,
  storeUpdateSummary,
  type StoreUpdateOutcome,
  type StoreUpdateReply,
} from '#domain/store-update';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { ProductOutcomeList } from './product-outcome-list';
import { Spinner } from '#web/components/ui/spinner';
import { ApiError } from '#web/lib/api-client';
import { useProfile } from '#web/lib/profile';
import { catalogueImportApi } from './catalogue-import-api';
import { toRequestSelection, type Selection } from './selection';

/** A connected store the selection has products from; `count` null when not all are loaded. */
export interface StoreProducts {
  shop: string;
  count: number | null;
}

/**
 * The connected stores the selected products came from, with how many each: every loaded
 * product when every result is selected (then the count is not known), the ticked ones else.
 */
export function selectedStoreProducts(
  selection: Selection,
  loaded: readonly Product[],
  connectedShops: readonly string[],
): StoreProducts[] {
  const counts = new Map<string, number>();
  for (const product of loaded) {
    const shop = product.source?.shop;
    if (!shop || !connectedShops.includes(shop)) continue;
    if (selection.kind === 'ids' && !selection.ids.has(product.id)) continue;
    counts.set(shop, (counts.get(shop) ?? 0) + 1);
  }
  return [...counts].map(([shop, count]) => ({
    shop,
    count: selection.kind === 'search' ? null : count,
  }));
}

const OUTCOME_LOOK: Record<StoreUpdateOutcome, { label: string; className: string }> = {
  updated: { label: 'Updated', className: 'bg-emerald-100 text-emerald-800' },
  'up-to-date': { label: 'Up to date', className: 'bg-slate-100 text-slate-700' },
  deleted: { label: 'Deleted in your store', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
  'not-sent': { label: 'Not sent', className: 'bg-amber-100 text-amber-900' },
};

/** 'Update in Shopify' for the library's selection, when it holds a connected store's products. */
export function LibraryStoreUpdate({
  selection,
  pages,
  beforeUpdate,
  onUpdated,
}: {
  selection: Selection;
  pages: readonly LibraryPage[];
  beforeUpdate(): Promise<void>;
  /** The report is shown by the screen: the refreshed list unmounts this control. */
  onUpdated(reply: StoreUpdateReply): void;
}) {
  const connected = useProfile().data?.ShopifyStore ?? [];
  const chosen = toRequestSelection(selection);
  const stores = selectedStoreProducts(
    selection,
    pages.flatMap((page) => page.products),
    connected.map((store) => store.shopDomain),
  );
  if (!chosen || stores.length === 0) return null;
  return (
    <UpdateInStore
      stores={stores}
      selection={chosen}
      beforeUpdate={beforeUpdate}
      onUpdated={onUpdated}
    />
  );
}

export function UpdateInStore({
  stores,
  selection,
  beforeUpdate,
  onUpdated,
}: {
  stores: readonly StoreProducts[];
  selection: LibrarySelection;
  /** Sends edits still waiting, so the store gets what the seller sees. */
  beforeUpdate(): Promise<void>;
  onUpdated(reply: StoreUpdateReply): void;
}) {
  const selectId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(stores[0]?.shop ?? '');
  const store = stores.find((entry) => entry.shop === chosen) ?? stores[0];
  const update = useMutation({
    mutationFn: async (shop: string) => {
      await beforeUpdate();
      return catalogueImportApi.updateInStore({ selection, shop });
    },
    onSuccess: (reply) => {
      setOpen(false);
      onUpdated(reply);
    },
  });
  if (!store) return null;
  const error = update.error
    ? update.error instanceof ApiError
      ? update.error.message
      : STORE_UPDATE_MESSAGES.failed
    : null;

  return (
    <>
      <Button
        ref={trigger}
        variant="secondary"
        size="sm"
        onClick={() => {
          update.reset();
          setOpen(true);
        }}
      >
        Update in Shopify
      </Button>
      <Dialog
        open={open}
        onOpenChange={(isOpen) => {
          if (!update.isPending) setOpen(isOpen);
        }}
        title={storeUpdateQuestion(store.count, store.shop)}
        description="Only the fields you changed are sent. Photos, variants, prices, inventory, collections and metafields stay as they are in your store."
        returnFocusTo={trigger}
      >
        {stores.length > 1 && (
          <div className="mb-4 flex items-center gap-3">
            <label htmlFor={selectId} className="text-sm text-slate-700">
              Shopify store
            </label>
            <select
              id={selectId}
              value={store.shop}
              disabled={update.isPending}
              onChange={(event) => setChosen(event.target.value)}
              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            >
              {stores.map((entry) => (
                <option key={entry.shop} value={entry.shop}>
                  {entry.shop}
                </option>
              ))}
            </select>
          </div>
        )}
        {update.isPending && (
          <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="size-4" />
            Sending your changes to {store.shop}…
          </p>
        )}
        {error && (
          <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" disabled={update.isPending} onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button loading={update.isPending} onClick={() => update.mutate(store.shop)}>
            Update in Shopify
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** What the update did to each product. */
export function StoreUpdateReport({
  report,
  onClose,
}: {
  report: StoreUpdateReply | null;
  onClose(): void;
}) {
  const results = report?.results ?? [];
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={report ? `Update in ${report.shop}: what happened` : ''}
      description={report ? storeUpdateSummary(report.counts) : undefined}
      className="w-[min(92vw,36rem)]"
    >
      {report && report.counts.notFromStore > 0 && (
        <p className="mb-3 text-sm text-slate-600">
          {report.counts.notFromStore === 1
            ? '1 selected product did not come from this store and was left as it is.'
            : `${report.counts.notFromStore} selected products did not come from this store and were left as they are.`}
        </p>
      )}
      <ProductOutcomeList
        lines={results.map((result) => ({
          key: result.productId,
          title: result.title,
          details: [
            ...(result.outcome === 'updated' && result.fields.length > 0
              ? [
                  `Sent: ${result.fields.map((field) => STORE_UPDATE_FIELD_NAMES[field]).join(', ')}`,
                ]
              : []),
            ...(result.message ? [result.message] : []),
          ],
          look: OUTCOME_LOOK[result.outcome],
        }))}
      />
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
