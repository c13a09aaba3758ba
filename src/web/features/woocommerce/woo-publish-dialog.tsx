import { useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import { WOO_MESSAGES } from '#domain/api/woocommerce';
import type { Product } from '#domain/products';
import { countReadiness, describeLeftOut, describeUnready } from '#domain/readiness';
import type { PublishStatus } from '#domain/shopify-publish';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { ApiError } from '#web/lib/api-client';
import { wooApi } from './api';
import { useWooStores } from './use-woocommerce';
import { WooConnectDialog } from './woo-connect-dialog';
import { WooPublishProgress, type WooPublishRow } from './woo-publish-progress';

/** What a screen offers to publish (the same target the Shopify dialog gets). */
export interface WooPublishTarget {
  count: number;
  load(): Promise<Product[]>;
}

const STATUS_CHOICES: { value: PublishStatus; label: string; hint: string }[] = [
  { value: 'draft', label: 'Draft', hint: 'Saved in the store, not shown to customers.' },
  { value: 'active', label: 'Published', hint: 'Visible in your shop right away.' },
];

type Phase = 'choose' | 'confirm' | 'running' | 'done' | 'failed';

function Choice(props: { name: string; checked: boolean; onChange(): void; children: ReactNode }) {
  return (
    <label className="has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-brand-500 flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:focus-visible]:ring-2">
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={props.onChange}
        className="accent-brand-600 mt-0.5"
      />
      <span className="flex flex-col">{props.children}</span>
    </label>
  );
}

/**
 * Publish to WooCommerce: one of the seller's stores and the status, what the store needs
 * (it downloads the photos from Listsmith, ADR 039), then the products one at a time, stopping at
 * the first failure with the store's words.
 */
function WooPublishDialog({
  open,
  onOpenChange,
  target,
  onPublished,
  onConnect,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  target: WooPublishTarget;
  onPublished?(product: Product): void;
  onConnect(): void;
}) {
  const stores = useWooStores();
  const list = stores.data?.stores;
  const [storeId, setStoreId] = useState<string | null>(null);
  const [status, setStatus] = useState<PublishStatus>('draft');
  const [phase, setPhase] = useState<Phase>('choose');
  const [rows, setRows] = useState<WooPublishRow[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [pending, setPending] = useState<Product[]>([]);
  const [preparing, setPreparing] = useState(false);
  const names = useId();
  const chosen = list?.find((store) => store.id === storeId) ?? list?.[0];
  const running = phase === 'running' || preparing;

  function change(next: boolean) {
    if (!next && running) return;
    if (!next) {
      setPhase('choose');
      setRows([]);
      setNote(null);
    }
    onOpenChange(next);
  }

  const update = (index: number, row: Partial<WooPublishRow>) =>
    setRows((current) => current.map((entry, i) => (i === index ? { ...entry, ...row } : entry)));

  async function prepare() {
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
    if (products.length === 0) return setNote(PUBLISH_MESSAGES.noProducts);
    if (describeUnready(countReadiness(products), 'Publish') === null) return run(products);
    setPending(products);
    setPhase('confirm');
  }

  async function run(loaded: Product[]) {
    if (!chosen) return;
    // Never sent without a name (the server refuses them too).
    const products = loaded.filter((product) => product.title.trim() !== '');
    const leftOut = describeLeftOut(loaded.length - products.length, 'Publish');
    if (products.length === 0) {
      setNote([PUBLISH_MESSAGES.noProducts, leftOut].filter(Boolean).join(' '));
      setPhase('choose');
      return;
    }
    setRows(products.map((p) => ({ id: p.id, title: p.title, state: 'waiting' })));
    setPhase('running');
    for (const [index, product] of products.entries()) {
      update(index, { state: 'publishing' });
      try {
        const reply = await wooApi.publishProduct({
          storeId: chosen.id,
          productId: product.id,
          status,
        });
        update(index, { state: 'published', adminUrl: reply.adminUrl });
        onPublished?.(reply.product);
      } catch (error) {
        const reached = error instanceof ApiError && error.status !== 0;
        update(index, { state: 'failed' });
        setRows((current) =>
          current.map((entry, i) => (i > index ? { ...entry, state: 'skipped' } : entry)),
        );
        setNote(reached && error.message ? error.message : PUBLISH_MESSAGES.failed);
        if (!reached) toast.error(PUBLISH_MESSAGES.errorToast);
        setPhase('failed');
        return;
      }
    }
    setPhase('done');
    toast.success(WOO_MESSAGES.toast);
    if (leftOut) toast(leftOut);
  }

  const count = target.count;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Publish to WooCommerce"
      description={
        count === 1
          ? 'One product is sent to your WooCommerce store.'
          : `${count.toLocaleString('en-US')} products are sent to your WooCommerce store, one at a time.`
      }
      className="w-[min(92vw,32rem)]"
    >
      {list && list.length === 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            Publishing needs a connected WooCommerce store. Connect one, then publish from here.
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button onClick={onConnect}>Connect a WooCommerce store</Button>
          </div>
        </div>
      ) : phase === 'choose' ? (
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">Store</legend>
            {(list ?? []).map((store) => (
              <Choice
                key={store.id}
                name={`${names}-store`}
                checked={chosen?.id === store.id}
                onChange={() => setStoreId(store.id)}
              >
                <span className="font-medium text-slate-900">{store.storeUrl}</span>
              </Choice>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">
              Status in WooCommerce
            </legend>
            {STATUS_CHOICES.map((choice) => (
              <Choice
                key={choice.value}
                name={`${names}-status`}
                checked={status === choice.value}
                onChange={() => setStatus(choice.value)}
              >
                <span className="font-medium text-slate-900">{choice.label}</span>
                <span className="text-xs text-slate-600">{choice.hint}</span>
              </Choice>
            ))}
          </fieldset>
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
            {stores.data?.sandbox
              ? 'Sandbox store: nothing leaves Listsmith. With a real store, it downloads the photos from Listsmith, so Listsmith must be reachable on the internet at its https address.'
              : WOO_MESSAGES.imagesNeed}
          </p>
          {note && <Banner>{note}</Banner>}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => change(false)} disabled={preparing}>
              Cancel
            </Button>
            <Button
              loading={preparing}
              disabled={!chosen || preparing}
              onClick={() => void prepare()}
            >
              Publish
            </Button>
          </div>
        </div>
      ) : phase === 'confirm' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            {describeUnready(countReadiness(pending), 'Publish')}
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button onClick={() => void run(pending)}>Publish anyway</Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            To <span className="font-medium text-slate-900">{chosen?.storeUrl}</span> as{' '}
            {status === 'active' ? 'published' : 'draft'} products.
          </p>
          <WooPublishProgress rows={rows} />
          {phase === 'done' && <Banner tone="success">{PUBLISH_MESSAGES.allPublished}</Banner>}
          {phase === 'failed' && note && <Banner>{note}</Banner>}
          <div className="flex justify-end gap-3">
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

/** 'Publish to WooCommerce' and its dialog, next to 'Publish to Shopify' in a bottom bar. */
export function WooPublishButton({
  target,
  onPublished,
  size = 'md',
}: {
  target: WooPublishTarget;
  onPublished?(product: Product): void;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        Publish to WooCommerce
      </Button>
      <WooPublishDialog
        open={open}
        onOpenChange={setOpen}
        target={target}
        {...(onPublished ? { onPublished } : {})}
        onConnect={() => {
          setOpen(false);
          setConnectOpen(true);
        }}
      />
      <WooConnectDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </>
  );
}
