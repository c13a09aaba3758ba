import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { PUBLISH_MESSAGES } from '#domain/api/shopify';
import type { Product } from '#domain/products';
import {
  countReadiness,
  describeLeftOut,
  describeUnready,
  unreadyProducts,
} from '#domain/readiness';
import type { PublishStatus } from '#domain/shopify-publish';
import { formatCount } from '#domain/text/english';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { PublishProgress } from './publish-progress';
import { PublishReadinessWarning } from './publish-readiness-warning';
import { usePublishRun } from './use-publish-run';
import { ChoiceCard } from './choice-card';

/** One of the seller's connected stores, named as the channel names it (domain, address). */
export interface ChannelStore {
  id: string;
  label: string;
}

/** What a screen offers to publish: how many, and the products themselves when asked. */
interface PublishTarget {
  count: number;
  load(): Promise<Product[]>;
}

/** What differs between the channels a seller publishes to; the flow is the same. */
export interface PublishChannel {
  /** 'Shopify': in 'Publish to Shopify', 'Connect a Shopify store', 'Status in Shopify'. */
  name: string;
  /** Where the description sends the products: 'your store'. */
  destination: string;
  /** The status choices; `word` ends 'To the store as {word} products.' */
  statuses: { value: PublishStatus; label: string; hint: string; word: string }[];
  /** Each published product's link: 'View in Shopify admin'. */
  linkLabel: string;
  doneToast: string;
  /** How long the finished dialog stays, showing every result, before it closes itself; unset: until Done. */
  closeAfterMs?: number;
  /** One product to one store (the dialog sends them one at a time). */
  publish(request: {
    storeId: string;
    productId: string;
    status: PublishStatus;
  }): Promise<{ product: Product; adminUrl: string }>;
  ConnectDialog: ComponentType<{ open: boolean; onOpenChange(open: boolean): void }>;
}

interface DialogProps {
  channel: PublishChannel;
  title: string;
  /** The connected stores; `undefined` while they load. */
  stores: ChannelStore[] | undefined;
  /** Said under the choices, before anything is sent (what the store needs). */
  storeNote?: ReactNode;
  target: PublishTarget;
  onPublished?(product: Product): void;
}

/**
 * The publish dialog (spec: needs a selected connected store; a red note on errors): pick one
 * of the connected stores and the status, then the products go one at a time, stopping at the
 * first failure, each with its result. With no store connected, it offers to connect one.
 */
function PublishDialog({
  open,
  onOpenChange,
  onConnect,
  channel,
  title,
  stores,
  storeNote,
  target,
  onPublished,
}: DialogProps & { open: boolean; onOpenChange(open: boolean): void; onConnect(): void }) {
  const [storeId, setStoreId] = useState<string | null>(null);
  const [status, setStatus] = useState<PublishStatus>('draft');
  const names = useId();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const chosenStore = stores?.find((store) => store.id === storeId) ?? stores?.[0];

  const publishing = usePublishRun({
    load: () => target.load(),
    publish: (product) =>
      channel.publish({ storeId: chosenStore!.id, productId: product.id, status }),
    ...(onPublished ? { onPublished } : {}),
    doneToast: channel.doneToast,
    onDone() {
      if (channel.closeAfterMs === undefined) return;
      closeTimer.current = setTimeout(() => {
        publishing.reset();
        onOpenChange(false);
      }, channel.closeAfterMs);
    },
  });
  const { phase, note, pending, busy, preparing } = publishing;

  function reset() {
    clearTimeout(closeTimer.current);
    publishing.reset();
  }

  function change(next: boolean) {
    if (!next && busy) return; // the run finishes (or stops at a failure) first
    if (!next) reset();
    onOpenChange(next);
  }

  const count = target.count;
  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      description={
        count === 1
          ? `One product is sent to ${channel.destination}.`
          : `${formatCount(count)} products are sent to ${channel.destination}, one at a time.`
      }
      className="w-[min(92vw,32rem)]"
    >
      {stores && stores.length === 0 ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">
            {`Publishing needs a connected ${channel.name} store. Connect one, then publish from here.`}
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button onClick={onConnect}>{`Connect a ${channel.name} store`}</Button>
          </div>
        </div>
      ) : phase === 'choose' ? (
        <div className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">Store</legend>
            {(stores ?? []).map((store) => (
              <ChoiceCard
                key={store.id}
                name={`${names}-store`}
                value={store.id}
                checked={chosenStore?.id === store.id}
                onChange={() => setStoreId(store.id)}
              >
                <span className="font-medium text-slate-900">{store.label}</span>
              </ChoiceCard>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">
              {`Status in ${channel.name}`}
            </legend>
            {channel.statuses.map((choice) => (
              <ChoiceCard
                key={choice.value}
                name={`${names}-status`}
                value={choice.value}
                checked={status === choice.value}
                onChange={() => setStatus(choice.value)}
              >
                <span className="font-medium text-slate-900">{choice.label}</span>
                <span className="text-xs text-slate-600">{choice.hint}</span>
              </ChoiceCard>
            ))}
          </fieldset>
          {storeNote && (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">{storeNote}</p>
          )}
          {note && <Banner>{note}</Banner>}
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => change(false)} disabled={preparing}>
              Cancel
            </Button>
            <Button
              loading={preparing}
              disabled={!chosenStore || preparing}
              onClick={() => void publishing.prepare()}
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
          onConfirm={() => void publishing.confirm()}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-600">
            To <span className="font-medium text-slate-900">{chosenStore?.label}</span> as{' '}
            {channel.statuses.find((choice) => choice.value === status)?.word} products.
          </p>
          <PublishProgress rows={publishing.rows} linkLabel={channel.linkLabel} />
          {phase === 'done' && (
            <Banner tone="success">
              {publishing.leftOutNote
                ? `Every product with a name was published. ${publishing.leftOutNote}`
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
              disabled={busy}
              onClick={() => change(false)}
            >
              {busy ? 'Publishing…' : 'Done'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/**
 * 'Publish to {channel}' and its dialog, for a screen's bottom bar; with no store connected yet,
 * the dialog offers the channel's connect dialog.
 */
export function StorePublishButton({
  size = 'md',
  ...dialog
}: DialogProps & { size?: 'sm' | 'md' }) {
  const [open, setOpen] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);
  const { ConnectDialog } = dialog.channel;
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => setOpen(true)}>
        {`Publish to ${dialog.channel.name}`}
      </Button>
      <PublishDialog
        open={open}
        onOpenChange={setOpen}
        {...dialog}
        onConnect={() => {
          setOpen(false);
          setConnectOpen(true);
        }}
      />
      <ConnectDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </>
  );
}
