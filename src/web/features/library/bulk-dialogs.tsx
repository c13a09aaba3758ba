import { clsx } from 'clsx';
import { useState } from 'react';
import {
  STORE_STATUSES,
  type BulkAction,
  type BulkOutcome,
  type BulkReply,
  type StoreStatus,
} from '#domain/library';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { ImproveDialog, SuggestionsDecisionDialog } from './improve-dialogs';
import type { ImproveChoice } from './improve-run';
import { ProductOutcomeList } from './product-outcome-list';
import { countProducts } from './selection';

/** The bulk actions' dialogs; Improve starts a background run (improve-run.tsx) instead. */
export type BulkDialogName = BulkAction['type'] | 'improve';
export type BulkDialog = BulkDialogName | null;

const STATUS_LABELS: Record<StoreStatus, { label: string; hint: string }> = {
  active: { label: 'Active', hint: 'Listed and for sale in your store.' },
  draft: { label: 'Draft', hint: 'In your store but hidden from shoppers.' },
  archived: { label: 'Archived', hint: 'Kept out of your store’s lists and sales channels.' },
};

/** Asks before a bulk action, naming how many products it touches. */
export function BulkActionDialogs({
  open,
  count,
  busy,
  improving,
  onClose,
  onConfirm,
  onImprove,
}: {
  open: BulkDialog;
  count: number;
  busy: boolean;
  /** An Improve run is being started. */
  improving: boolean;
  onClose(): void;
  onConfirm(action: BulkAction): void;
  onImprove(choice: ImproveChoice): void;
}) {
  const products = countProducts(count);
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) onClose();
  };
  return (
    <>
      <Dialog
        open={open === 'delete'}
        onOpenChange={onOpenChange}
        title={`Delete ${products}?`}
        description={`${count === 1 ? 'It' : 'They'} will be removed from your library. This cannot be undone.`}
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" loading={busy} onClick={() => onConfirm({ type: 'delete' })}>
            Delete {products}
          </Button>
        </div>
      </Dialog>
      <SetStatusDialog
        open={open === 'set-status'}
        products={products}
        busy={busy}
        onOpenChange={onOpenChange}
        onConfirm={(status) => onConfirm({ type: 'set-status', status })}
      />
      <Dialog
        open={open === 'regenerate'}
        onOpenChange={onOpenChange}
        title={`Regenerate text for ${products}?`}
        description="New titles and descriptions are drafted from the photos. Any field you edited yourself is kept exactly as you wrote it."
      >
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => onConfirm({ type: 'regenerate' })}>
            Regenerate text
          </Button>
        </div>
      </Dialog>
      <ImproveDialog
        open={open === 'improve'}
        products={products}
        count={count}
        busy={improving}
        onOpenChange={onOpenChange}
        onConfirm={onImprove}
      />
      <SuggestionsDecisionDialog
        open={open === 'suggestions'}
        products={products}
        busy={busy}
        onOpenChange={onOpenChange}
        onConfirm={onConfirm}
      />
    </>
  );
}

function SetStatusDialog({
  open,
  products,
  busy,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  products: string;
  busy: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(status: StoreStatus): void;
}) {
  const [status, setStatus] = useState<StoreStatus>('active');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Set the status of ${products}`}
      description="The status they get in your store when you export or publish them."
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Store status</legend>
        {STORE_STATUSES.map((value) => (
          <label
            key={value}
            htmlFor={`store-status-${value}`}
            className={clsx(
              'grid cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 rounded-lg border px-3 py-2',
              status === value ? 'border-brand-500 bg-brand-50' : 'border-slate-200',
            )}
          >
            <input
              id={`store-status-${value}`}
              type="radio"
              name="store-status"
              value={value}
              checked={status === value}
              onChange={() => setStatus(value)}
              className="accent-brand-600"
            />
            <span className="text-sm font-medium text-slate-900">{STATUS_LABELS[value].label}</span>
            <span className="col-start-2 text-sm text-slate-600">{STATUS_LABELS[value].hint}</span>
          </label>
        ))}
      </fieldset>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button loading={busy} onClick={() => onConfirm(status)}>
          Set to {STATUS_LABELS[status].label}
        </Button>
      </div>
    </Dialog>
  );
}

const REPORT_TITLES: Record<BulkAction['type'], string> = {
  delete: 'Delete: what happened',
  'set-status': 'Set status: what happened',
  regenerate: 'Regenerate text: what happened',
  suggestions: 'Suggestions: what happened',
};

const OUTCOME_LOOK: Record<BulkOutcome['outcome'], { label: string; className: string }> = {
  done: { label: 'Done', className: 'bg-emerald-100 text-emerald-800' },
  skipped: { label: 'Skipped', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
};

function summarise(results: readonly BulkOutcome[]): string {
  const count = (outcome: BulkOutcome['outcome']) =>
    results.filter((result) => result.outcome === outcome).length;
  if (results.length === 0) return 'No products matched, so nothing changed.';
  return `${count('done')} done · ${count('skipped')} skipped · ${count('failed')} failed`;
}

/** What a bulk action did to each product. */
export function BulkReportDialog({
  report,
  onClose,
}: {
  report: { action: BulkAction['type']; reply: BulkReply } | null;
  onClose(): void;
}) {
  const results = report?.reply.results ?? [];
  return (
    <Dialog
      open={report !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={report ? REPORT_TITLES[report.action] : ''}
      description={summarise(results)}
      className="w-[min(92vw,36rem)]"
    >
      <ProductOutcomeList
        lines={results.map((result) => ({
          key: result.id,
          title: result.title,
          details: result.message ? [result.message] : [],
          look: OUTCOME_LOOK[result.outcome],
        }))}
      />
      <div className="mt-6 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
