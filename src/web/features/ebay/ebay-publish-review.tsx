import { clsx } from 'clsx';
import { useId } from 'react';
import { describeEbayNeeds, type EbayPublishStatus } from '#domain/ebay-listing';
import { ChoiceCard } from '#web/components/store-channel/choice-card';
import { Banner } from '#web/components/ui/banner';
import { shownPrice, type EbayEntry } from './ebay-entry';

export const EBAY_STATUSES: { value: EbayPublishStatus; label: string; hint: string }[] = [
  {
    value: 'draft',
    label: 'Publish as draft',
    hint: 'Kept on eBay as an unpublished listing: buyers do not see it until you list it.',
  },
  { value: 'live', label: 'List now', hint: 'Listed for buyers at once, at the price shown.' },
];

function StatusChoice({
  status,
  onChange,
}: {
  status: EbayPublishStatus;
  onChange(status: EbayPublishStatus): void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-900">On eBay</legend>
      {EBAY_STATUSES.map((choice) => (
        <ChoiceCard
          key={choice.value}
          name={name}
          value={choice.value}
          checked={status === choice.value}
          onChange={() => onChange(choice.value)}
        >
          <span className="font-medium text-slate-900">{choice.label}</span>
          <span className="text-xs text-slate-600">{choice.hint}</span>
        </ChoiceCard>
      ))}
    </fieldset>
  );
}

function EntryItem({ entry }: { entry: EbayEntry }) {
  const missing = entry.needs.length > 0;
  return (
    <li className={clsx('flex flex-col gap-0.5 px-3 py-2 text-sm', missing && 'bg-amber-50')}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 font-medium text-slate-900">
          {entry.title || 'Untitled product'}
        </span>
        <span className="shrink-0 text-slate-900 tabular-nums">{shownPrice(entry.price)}</span>
      </div>
      {entry.cut && (
        <span className="text-xs text-slate-600">
          Cut to eBay’s 80 characters; the name in your store stays whole.
        </span>
      )}
      {entry.category && (
        <span className="text-xs text-slate-500" title={entry.category.path}>
          {entry.category.name}
        </span>
      )}
      {missing && (
        <span className="text-xs font-medium text-amber-900">Needs: {entry.needs.join(', ')}</span>
      )}
    </li>
  );
}

/**
 * What goes to eBay, before anything is sent: the status, each product as eBay gets it, and,
 * while some lack what eBay requires, what is missing (those are not sent).
 */
export function EbayPublishReview({
  entries,
  status,
  onStatusChange,
}: {
  entries: EbayEntry[];
  status: EbayPublishStatus;
  onStatusChange(status: EbayPublishStatus): void;
}) {
  const lacking = entries.filter((entry) => entry.needs.length > 0);
  const [only] = entries;
  return (
    <>
      <StatusChoice status={status} onChange={onStatusChange} />
      <ul
        aria-label="Products for eBay"
        className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
      >
        {entries.map((entry) => (
          <EntryItem key={entry.product.id} entry={entry} />
        ))}
      </ul>
      {lacking.length > 0 && (
        <Banner tone="warning">
          {entries.length === 1 && only
            ? `${describeEbayNeeds(only.title, only.needs)} Nothing is sent until it has them: fill them on the product’s card.`
            : `${lacking.length} of ${entries.length} products lack what eBay requires (listed above): they are not sent. Fill it on their cards to send them too.`}
        </Banner>
      )}
    </>
  );
}
