import { clsx } from 'clsx';
import { useId, useState } from 'react';
import type { CreditPackKey, CreditPackOffer, PremiumOffer } from '#domain/billing';
import { MAX_FILES_PER_UPLOAD } from '#domain/upload-rules';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { Spinner } from '#web/components/ui/spinner';
import { StrokeIcon } from '#web/components/ui/stroke-icon';
import { formatUsd, useBillingCatalog, useStartCheckout } from '#web/lib/billing';
import { useBuyCredits } from '#web/lib/buy-credits';
import { summariseCredits, useProfile } from '#web/lib/profile';

/** The one Buy Credits dialog, mounted in the app layout and opened through `useBuyCredits`. */
export function BuyCreditsDialog() {
  const isOpen = useBuyCredits((state) => state.isOpen);
  const close = useBuyCredits((state) => state.close);
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => !open && close()}
      title="Buy Credits"
      description="One credit turns one photo into a listing. Bought credits never expire."
      className="w-[min(94vw,44rem)]"
    >
      {/* Mounted only while open, so every opening starts with no pack chosen. */}
      {isOpen && <BuyCreditsContent />}
    </Dialog>
  );
}

function BuyCreditsContent() {
  const profile = useProfile();
  const catalog = useBillingCatalog();
  const checkout = useStartCheckout();
  const [selected, setSelected] = useState<CreditPackKey | null>(null);

  if (catalog.isPending || profile.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label="Loading prices" />
      </div>
    );
  }
  if (catalog.isError || profile.isError) {
    const failure = catalog.error ?? profile.error;
    return (
      <Banner className="flex items-center justify-between gap-4">
        {failure?.message ?? 'Failed to load prices.'}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void Promise.all([catalog.refetch(), profile.refetch()])}
        >
          Try again
        </Button>
      </Banner>
    );
  }

  const premium = summariseCredits(profile.data).plan === 'premium';
  const chosen = catalog.data.packs.find((pack) => pack.key === selected);
  return (
    <div className="flex flex-col gap-5">
      {checkout.error && <Banner>{checkout.error}</Banner>}
      <PackChooser
        packs={catalog.data.packs}
        selected={selected}
        disabled={checkout.busy}
        onSelect={setSelected}
      />
      {chosen && (
        <Button
          size="lg"
          className="w-full"
          loading={checkout.startingItem === chosen.key}
          disabled={checkout.busy}
          onClick={() => checkout.start(chosen.key)}
        >
          Buy {chosen.credits} credits for {formatUsd(chosen.totalPrice)}
        </Button>
      )}
      {premium ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          You&apos;re on Premium: you get {catalog.data.premium.credits} credits every month. Need
          more this month? Buy extra credits any time; they never expire.
        </p>
      ) : (
        <PremiumOfferPanel
          offer={catalog.data.premium}
          busy={checkout.busy}
          starting={checkout.startingItem === 'premium'}
          onUpgrade={() => checkout.start('premium')}
        />
      )}
    </div>
  );
}

/** Native radio buttons: arrow keys move between packs, Space chooses, screen readers count them. */
function PackChooser({
  packs,
  selected,
  disabled,
  onSelect,
}: {
  packs: CreditPackOffer[];
  selected: CreditPackKey | null;
  disabled: boolean;
  onSelect(key: CreditPackKey): void;
}) {
  const name = useId();
  const cheapestPerCredit = Math.min(...packs.map((pack) => pack.pricePerCredit));
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-3 text-sm font-medium text-slate-700">Choose a credit pack</legend>
      <div className="grid grid-cols-3 gap-3">
        {packs.map((pack) => (
          <label
            key={pack.key}
            className={clsx(
              'relative flex cursor-pointer flex-col items-center gap-1 rounded-xl border-2 px-3 py-4 text-center transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2',
              selected === pack.key
                ? 'border-brand-600 bg-brand-50'
                : 'border-slate-200 bg-white hover:border-brand-200',
            )}
          >
            <input
              type="radio"
              name={name}
              value={pack.key}
              checked={selected === pack.key}
              onChange={() => onSelect(pack.key)}
              className="sr-only"
            />
            {/* The spaces keep the accessible name readable: '10 credits $7 $0.70 each'. */}
            <span className="text-lg font-semibold text-slate-900">
              {pack.credits} credits
            </span>{' '}
            <span className="text-2xl font-bold text-slate-900">{formatUsd(pack.totalPrice)}</span>{' '}
            <span className="text-xs text-slate-500">${pack.pricePerCredit.toFixed(2)} each</span>
            {pack.pricePerCredit === cheapestPerCredit && (
              <>
                {' '}
                <span className="absolute -top-2.5 rounded-full bg-emerald-600 px-2 py-0.5 text-[11px] font-semibold text-white">
                  Best value
                </span>
              </>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PremiumOfferPanel({
  offer,
  busy,
  starting,
  onUpgrade,
}: {
  offer: PremiumOffer;
  busy: boolean;
  starting: boolean;
  onUpgrade(): void;
}) {
  const titleId = useId();
  const perks = [
    `${offer.credits} credits every month`,
    'Saved product library',
    `Bulk upload of up to ${MAX_FILES_PER_UPLOAD.premium} images`,
  ];
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-amber-200 bg-gradient-to-br from-amber-50 to-white p-5"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            Or go Premium
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">Best for sellers who list every month.</p>
        </div>
        <p className="text-right text-slate-900">
          <span className="text-2xl font-bold">{formatUsd(offer.price)}</span>
          <span className="text-sm text-slate-500">/month</span>
        </p>
      </div>
      <ul className="mt-3 flex flex-col gap-1.5 text-sm text-slate-700">
        {perks.map((perk) => (
          <li key={perk} className="flex items-center gap-2">
            <StrokeIcon className="size-4 shrink-0 text-emerald-600">
              <path d="M5 12l5 5L20 7" />
            </StrokeIcon>
            {perk}
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-4 w-full"
        loading={starting}
        disabled={busy}
        onClick={onUpgrade}
      >
        Upgrade to Premium
      </Button>
    </section>
  );
}
