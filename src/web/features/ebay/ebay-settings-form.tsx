import { useState, type FormEvent } from 'react';
import type { EbaySettingsReply, EbaySettingsRequest } from '#domain/api/ebay';
import { Banner } from '#web/components/ui/banner';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useChooseEbaySettings, useEbaySettings } from './use-ebay';

type Field = keyof EbaySettingsRequest;
type ListName = Exclude<keyof EbaySettingsReply, 'chosen'>;

const FIELDS: { field: Field; list: ListName; label: string; none: string }[] = [
  {
    field: 'fulfillmentPolicyId',
    list: 'fulfillmentPolicies',
    label: 'Shipping policy',
    none: 'shipping policy',
  },
  {
    field: 'paymentPolicyId',
    list: 'paymentPolicies',
    label: 'Payment policy',
    none: 'payment policy',
  },
  {
    field: 'returnPolicyId',
    list: 'returnPolicies',
    label: 'Return policy',
    none: 'return policy',
  },
  {
    field: 'merchantLocationKey',
    list: 'locations',
    label: 'Item location',
    none: 'item location',
  },
];

/** What is chosen, else each list's first entry (the seller still saves it). */
function initialChoice(reply: EbaySettingsReply): EbaySettingsRequest {
  if (reply.chosen) return reply.chosen;
  const first = (list: ListName) => reply[list][0]?.id ?? '';
  return {
    fulfillmentPolicyId: first('fulfillmentPolicies'),
    paymentPolicyId: first('paymentPolicies'),
    returnPolicyId: first('returnPolicies'),
    merchantLocationKey: first('locations'),
  };
}

const selectClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none';

function SettingsForm({ reply }: { reply: EbaySettingsReply }) {
  const choose = useChooseEbaySettings();
  const [choice, setChoice] = useState<EbaySettingsRequest>(() => initialChoice(reply));
  const saved = reply.chosen;
  const unchanged = saved !== null && FIELDS.every(({ field }) => saved[field] === choice[field]);
  const missing = FIELDS.filter(({ list }) => reply[list].length === 0);

  function submit(event: FormEvent) {
    event.preventDefault();
    choose.mutate(choice);
  }

  return (
    <form className="flex flex-col gap-3" onSubmit={submit}>
      <div className="grid grid-cols-2 gap-3">
        {FIELDS.map(({ field, list, label }) => (
          <label key={field} className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
            {label}
            <select
              className={selectClass}
              value={choice[field]}
              disabled={reply[list].length === 0}
              onChange={(event) => setChoice({ ...choice, [field]: event.target.value })}
            >
              {reply[list].length === 0 && <option value="">None on eBay yet</option>}
              {reply[list].map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      {missing.length > 0 ? (
        <Banner tone="warning">
          {`Your eBay account has no ${missing.map((entry) => entry.none).join(', ')} yet. Create them in eBay’s Business policies and Seller Hub, then come back to this page.`}
        </Banner>
      ) : saved === null ? (
        <p className="text-sm text-amber-800">
          Not saved yet: publishing to eBay waits until you save these.
        </p>
      ) : null}
      {choose.error && <Banner>{choose.error.message}</Banner>}
      <div>
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          loading={choose.isPending}
          disabled={missing.length > 0 || unchanged || choose.isPending}
        >
          Save eBay settings
        </Button>
      </div>
    </form>
  );
}

/**
 * The policies and the item location every eBay listing uses, read from the seller's eBay account
 * and chosen once.
 */
export function EbaySettingsForm() {
  const settings = useEbaySettings(true);
  if (settings.isPending) {
    return (
      <div className="flex justify-center py-4 text-brand-600">
        <Spinner label="Loading your eBay policies" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Banner>{settings.error.message}</Banner>
        <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <SettingsForm reply={settings.data} />;
}
