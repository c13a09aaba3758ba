import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import type { Product } from '#domain/products';
import {
  countReadiness,
  describeLeftOut,
  describeUnready,
  unreadyProducts,
} from '#domain/readiness';
import type { PublishStatus } from '#domain/shopify-publish';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { ApiError } from '#web/lib/api-client';
import { useProfile } from '#web/lib/profile';
import { shopifyApi } from './api';
import { PublishProgress, type PublishRow } from './publish-progress';
import { PublishReadinessWarning } from './publish-readiness-warning';
import { StoreConnectDialog } from './store-connect-dialog';

/** What a screen offers to publish: how many, and the products themselves when asked. */
export interface PublishTarget {
  count: number;
  load(): Promise<Product[]>;
  /**
   * Set when nothing was ticked and the whole library (or search) goes: the dialog asks
   * 'Publish all 47 products?' with the real count (or '… matching “vase”?').
   */
  everything?: { term: string };
}

/** The dialog's title: what is about to be sent, as a question when it is everything. */
export function publishTitle(target: Pick<PublishTarget, 'count' | 'everything'>): string {
  if (!target.everything) return 'Publish to Shopify';
  const products = `${target.count.toLocaleString('en-US')} ${target.count === 1 ? 'product' : 'products'}`;
  const { term } = target.everything;
  return term ? `Publish all ${products} matching “${term}”?` : `Publish all ${products}?`;
}

/** How long the finished dialog stays, showing every result, before it closes itself. */
export const PUBLISH_DONE_CLOSE_MS = 1500;

const STATUS_CHOICES: { value: PublishStatus; label: string; hint: string }[] = [
  { value: 'draft', label: 'Draft', hint: 'Hidden from customers until you make it active.' },
  { value: 'active', label: 'Active', hint: 'Available to your store’s sales channels.' },
];

/** `confirm`: some products still need attention; the seller goes on or cancels. */
type Phase = 'choose' | 'confirm' | 'running' | 'done' | 'failed';

function Choice({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange(): void;
  children: ReactNode;
}) {
  return (
    <label className="has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-brand-500 flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:focus-visible]:ring-2">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="accent-brand-600 mt-0.5"
      />
      <span className="flex flex-col">{children}</span>
    </label>
  );
}

/**
 * The publish dialog (spec: needs a selected connected store; a red note on errors): pick one
 * of the connected stores and the status, then the products go one at a time, stopping at the
 * first failure, each with its result.
 */
function PublishDialog({
  open,
  onOpenChange,
  target,
  onPublished,
  onConnect,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  target: PublishTarget;
  onPublished?(product: Product): void;
  onConnect(): void;
}) {
  const stores = useProfile().data?.ShopifyStore;
  const [storeId, setStoreId] = useState<string | null>(null);
  const [status, setStatus] = useState<PublishStatus>('draft');
  const [phase, setPhase] = useState<Phase>('choose');
  const [rows, setRows] = useState<PublishRow[]>([]);
  const [note, setNote] = useState<string | null>(null);
  /** How many were not sent for want of a name, said when the run ends. */
  const [leftOutNote, setLeftOutNote] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  /** The loaded products, kept while the seller is asked about the ones needing attention. */
  const [pending, setPending] = useState<Product[]>([]);
  const names = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const chosenStore = stores?.find((store) => store.id === storeId) ?? stores?.[0];
  const running = phase === 'running' || preparing;

  function reset() {
    clearTimeout(closeTimer.current);
    setPhase('choose');
    setRows([]);
    setNote(null);
    setLeftOutNote(null);
    setPending([]);
  }

  function change(next: boolean) {
    if (!next && running) return; // the run finishes (or stops at a failure) first
    if (!next) reset();
    onOpenChange(next);
  }

  const update = (index: number, row: Partial<PublishRow>) =>
    setRows((current) => current.map((entry, i) => (i === index ? { ...entry, ...row } : entry)));

  /** Loads the products; asks first, as the CSV download does, when some need attention. */
  async function prepare() {
    if (!chosenStore) return;
    setNote(null);
    setPreparing(true);
    let products: Product[];
    try {
      products = await target.load();
    } catch (error) {
      setNote(error instanceof Error && error.message ? error.message : PUBLISH_MESSAGES.failed);
      return;
    } finally {
      setPreparing(false);
    }
    if (products.length === 0) {
      setNote(PUBLISH_MESSAGES.noProducts);
      return;
    }
    if (describeUnready(countReadiness(products), 'Publish') === null) {
      await run(products);
      return;
    }
    setPending(products);
    setPhase('confirm');
  }

  async function run(loaded: Product[]) {
    if (!chosenStore) return;
    setPending([]);
    // Never sent without a name (the server refuses them too); the seller is told how many.
    const products = loaded.filter((product) => product.title.trim() !== '');
    const leftOut = describeLeftOut(loaded.length - products.length, 'Publish');
    setLeftOutNote(leftOut);
    if (products.length === 0) {
      setNote([PUBLISH_MESSAGES.noProducts, leftOut].filter(Boolean).join(' '));
      setPhase('choose');
      return;
    }
    setRows(
      products.map((product) => ({ id: product.id, title: product.title, state: 'waiting' })),
    );
    setPhase('running');
    for (const [index, product] of products.entries()) {
      update(index, { state: 'publishing' });
      try {
        const reply = await shopifyApi.publishProduct({
          storeId: chosenStore.id,
          productId: product.id,
          status,
        });
        update(index, { state: 'published', adminUrl: reply.adminUrl });
        onPublished?.(reply.product);
      } catch (error) {
        const reached = error instanceof ApiError && error.status !== 0;
        const message = reached && error.message ? error.message : PUBLISH_MESSAGES.failed;
        update(index, { state: 'failed' });
        setRows((current) =>
          current.map((entry, i) => (i > index ? { ...entry, state: 'skipped' } : entry)),
        );
        setNote(message);
        if (!reached) toast.error(PUBLISH_MESSAGES.errorToast);
        setPhase('failed');
        return;
      }
    }
    setPhase('done');
    toast.success(PUBLISH_MESSAGES.toast);
    if (leftOut) toast(leftOut);
    closeTimer.current = setTimeout(() => change(false), PUBLISH_DONE_CLOSE_MS);
  }

  const count = target.count;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={publishTitle(target)}
      description={
        count === 1
          ? 'One product is sent to your store.'
          : `${count.toLocaleString('en-US')} products are sent to your store, one at a time.`
      }
      className="w-[min(92vw,32rem)]"
    >
      {stores && stores.length === 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            Publishing needs a connected Shopify store. Connect one, then publish from here.
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button onClick={onConnect}>Connect a Shopify store</Button>
          </div>
        </div>
      ) : phase === 'choose' ? (
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">Store</legend>
            {(stores ?? []).map((store) => (
              <Choice
                key={store.id}
                name={`${names}-store`}
                value={store.id}
                checked={chosenStore?.id === store.id}
                onChange={() => setStoreId(store.id)}
              >
                <span className="font-medium text-slate-900">{store.shopDomain}</span>
              </Choice>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">Status in Shopify</legend>
            {STATUS_CHOICES.map((choice) => (
              <Choice
                key={choice.value}
                name={`${names}-status`}
                value={choice.value}
                checked={status === choice.value}
                onChange={() => setStatus(choice.value)}
              >
                <span className="font-medium text-slate-900">{choice.label}</span>
                <span className="text-xs text-slate-600">{choice.hint}</span>
              </Choice>
            ))}
          </fieldset>
          {note && <Banner>{note}</Banner>}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => change(false)} disabled={preparing}>
              Cancel
            </Button>
            <Button
              loading={preparing}
              disabled={!chosenStore || preparing}
              onClick={() => void prepare()}
            >
              Publish
            </Button>
          </div>
        </div>
      ) : phase === 'confirm' ? (
        <PublishReadinessWarning
          question={describeUnready(countReadiness(pending), 'Publish') ?? ''}
          leftOut={describeLeftOut(countReadiness(pending).untitled, 'Publish')}
          unready={unreadyProducts(pending)}
          onCancel={() => change(false)}
          onConfirm={() => void run(pending)}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            To <span className="font-medium text-slate-900">{chosenStore?.shopDomain}</span> as{' '}
            {status === 'active' ? 'active' : 'draft'} products.
          </p>
          <PublishProgress rows={rows} />
          {phase === 'done' && (
            <Banner tone="success">
              {leftOutNote
                ? `Every product with a name was published. ${leftOutNote}`
                : PUBLISH_MESSAGES.allPublished}
            </Banner>
          )}
          {phase === 'failed' && note && <Banner>{note}</Banner>}
          <div className="flex justify-end gap-3">
            {phase === 'failed' && (
              <Button variant="secondary" onClick={reset}>
                Back
              </Button>
            )}
            <Button
              variant={phase === 'done' ? 'primary' : 'secondary'}
              disabled={running}
              onClick={() => change(false)}
            >
              {running ? 'Publishing…' : 'Done'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/**
 * 'Publish to Shopify' and its dialog, for a screen's bottom bar; with no store connected yet,
 * the dialog offers the store-connect dialog.
 */
export function PublishButton({
  target,
  onPublished,
  size = 'md',
}: {
  target: PublishTarget;
  onPublished?(product: Product): void;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        Publish to Shopify
      </Button>
      <PublishDialog
        open={open}
        onOpenChange={setOpen}
        target={target}
        {...(onPublished ? { onPublished } : {})}
        onConnect={() => {
          setOpen(false);
          setConnectOpen(true);
        }}
      />
      <StoreConnectDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </>
  );
}
