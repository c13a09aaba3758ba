import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EBAY_MESSAGES } from '#domain/api/ebay';
import { EBAY_LIMITS, type EbayPublishStatus } from '#domain/ebay-listing';
import type { Product } from '#domain/products';
import { formatCount } from '#domain/text/english';
import { PublishProgress } from '#web/components/store-channel/publish-progress';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { TextField } from '#web/components/ui/text-field';
import { EBAY_SANDBOX_NOTE } from './ebay-account-card';
import { EbayPublishReview } from './ebay-publish-review';
import { useConnectEbay, useEbayConnection } from './use-ebay';
import { useEbayPublish } from './use-ebay-publish';

/** What a screen offers to publish: how many, and the products themselves when asked. */
interface EbayPublishTarget {
  count: number;
  load(): Promise<Product[]>;
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-3">{children}</div>;
}

/** Before anything: the account connected, still accepted, its policies chosen. */
function ConnectionGate({ onClose }: { onClose(): void }) {
  const reply = useEbayConnection().data;
  const connect = useConnectEbay();
  const connection = reply?.connection;
  if (connection?.settings && !connection.needsReconnect) return null;
  const cancel = (
    <Button variant="secondary" onClick={onClose}>
      Cancel
    </Button>
  );
  if (connection?.settings === null && !connection.needsReconnect) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{EBAY_MESSAGES.chooseSettings}</p>
        <Actions>
          {cancel}
          <Link
            to="/account#ebay"
            className="bg-brand-600 hover:bg-brand-700 inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-white"
          >
            Choose them in Account Settings
          </Link>
        </Actions>
      </div>
    );
  }
  const again = connection?.needsReconnect === true;
  const busy = connect.isPending || connect.isSuccess;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {again
          ? EBAY_MESSAGES.reconnect
          : 'Publishing needs your eBay account connected. Connect it, then publish from here.'}
      </p>
      {connect.error && <Banner>{connect.error.message}</Banner>}
      <Actions>
        {cancel}
        <Button loading={busy} disabled={busy} onClick={() => connect.mutate()}>
          {again ? 'Connect eBay again' : 'Connect eBay'}
        </Button>
      </Actions>
    </div>
  );
}

/**
 * 'Publish to eBay' and its dialog: what goes (eBay's title, the price exactly as shown, the
 * category) and what eBay still needs, checked before anything is sent; 'Publish as draft' by
 * default or 'List now'; then each product's result with its eBay link. Publishing again updates
 * the same listing.
 */
export function EbayPublishButton({
  target,
  onPublished,
  size = 'md',
}: {
  target: EbayPublishTarget;
  onPublished?(product: Product): void;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<EbayPublishStatus>('draft');
  const [quantity, setQuantity] = useState('1');
  const quantityValue = Number(quantity);
  const quantityError =
    Number.isInteger(quantityValue) &&
    quantityValue >= 1 &&
    quantityValue <= EBAY_LIMITS.quantityMax
      ? undefined
      : `Enter a whole number from 1 to ${formatCount(EBAY_LIMITS.quantityMax)}.`;
  const reply = useEbayConnection().data;
  const usable = Boolean(reply?.connection?.settings && !reply.connection.needsReconnect);
  const publishing = useEbayPublish({
    load: () => target.load(),
    ...(onPublished ? { onPublished } : {}),
  });
  const { phase, entries, note, busy } = publishing;
  const ready = entries.filter((entry) => entry.needs.length === 0 && entry.category);

  function change(next: boolean) {
    if (!next && phase === 'running') return; // the run finishes (or stops at a failure) first
    setOpen(next);
    if (next) {
      setStatus('draft');
      setQuantity('1');
      if (usable) void publishing.check();
    }
  }

  const close = () => change(false);
  const count = target.count;
  // Offered to sellers with eBay connected (the account page connects it).
  if (!reply?.connection) return null;
  return (
    <>
      <Button variant="secondary" size={size} onClick={() => change(true)}>
        Publish to eBay
      </Button>
      <Dialog
        open={open}
        onOpenChange={change}
        title="Publish to eBay"
        description={
          count === 1
            ? 'One product goes to your eBay account.'
            : `${formatCount(count)} products go to your eBay account, one at a time.`
        }
        className="w-[min(92vw,34rem)]"
      >
        {!usable ? (
          <ConnectionGate onClose={close} />
        ) : phase === 'checking' ? (
          <div className="flex items-center gap-3 py-6 text-sm text-slate-700">
            <Spinner className="text-brand-600 size-5" />
            <span role="status">Checking what eBay needs…</span>
          </div>
        ) : phase === 'choose' ? (
          <div className="flex flex-col gap-4">
            {entries.length > 0 && (
              <EbayPublishReview entries={entries} status={status} onStatusChange={setStatus} />
            )}
            {ready.length > 0 && (
              <TextField
                label={count === 1 ? 'Quantity available' : 'Quantity available, each product'}
                type="number"
                inputMode="numeric"
                min={1}
                max={EBAY_LIMITS.quantityMax}
                step={1}
                className="w-48"
                value={quantity}
                onChange={(event) => setQuantity(event.target.value)}
                error={quantityError}
              />
            )}
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600">
              {reply?.sandbox
                ? `${EBAY_SANDBOX_NOTE} With eBay itself, eBay downloads the photos from Listsmith, so Listsmith must be reachable on the internet at its https address.`
                : EBAY_MESSAGES.imagesNeed}
            </p>
            {note && <Banner>{note}</Banner>}
            <Actions>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              {ready.length > 0 && (
                <Button
                  disabled={quantityError !== undefined}
                  onClick={() => void publishing.run(status, quantityValue)}
                >
                  {status === 'draft' ? 'Publish as draft' : 'List now'}
                </Button>
              )}
            </Actions>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <PublishProgress
              rows={publishing.rows}
              linkLabel={reply?.sandbox ? 'View in the sandbox eBay' : 'View on eBay'}
            />
            {phase === 'done' && publishing.outcome && (
              <Banner tone="success">{publishing.outcome}</Banner>
            )}
            {phase === 'failed' && note && <Banner>{note}</Banner>}
            <Actions>
              {phase === 'failed' && (
                <Button variant="secondary" onClick={publishing.back}>
                  Back
                </Button>
              )}
              <Button
                variant={phase === 'done' ? 'primary' : 'secondary'}
                disabled={busy}
                onClick={close}
              >
                {busy ? 'Publishing…' : 'Done'}
              </Button>
            </Actions>
          </div>
        )}
      </Dialog>
    </>
  );
}
