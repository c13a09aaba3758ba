import { useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import type { FieldEvidence } from '#domain/listing-draft';
import type { Product } from '#domain/products';
import { EvidenceNote } from './evidence-note';

/** A price as the card shows it: whole dollars stay whole, anything else gets two decimals. */
export function formatPrice(value: number | null): string {
  if (value === null) return '';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** "$18–$30", or null when the estimate gave no range. */
export function describePriceRange(price: Product['price']): string | null {
  if (price.low === null || price.high === null) return null;
  return `$${formatPrice(price.low)}–$${formatPrice(price.high)}`;
}

/**
 * 'Price range': the estimate's range, what it rests on and how sure it is, one click away
 * instead of printed under the field. A non-modal Radix dialog anchored above its button (the price input stays in view): Escape
 * or a click elsewhere closes it and focus returns to the button.
 */
export function PriceRangePopover({
  price,
  evidence,
}: {
  price: Product['price'];
  evidence: FieldEvidence | undefined;
}) {
  const [open, setOpen] = useState(false);
  const range = describePriceRange(price);
  if (range === null && !price.basis && !evidence) return null;
  return (
    <RadixDialog.Root modal={false} open={open} onOpenChange={setOpen}>
      <div className="relative">
        <RadixDialog.Trigger className="rounded px-1 text-xs font-medium text-brand-700 underline-offset-2 hover:underline">
          Price range
        </RadixDialog.Trigger>
        {/* Below the link: each card paints within its own box (content-visibility, ADR 029),
            and the price sits at the card's top, so a popover above it would be cut off. Mounted
            only while open: see field-history.tsx. */}
        {open && (
          <RadixDialog.Content
            aria-describedby={undefined}
            className="absolute top-full right-0 z-30 mt-1 flex w-72 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-lg focus:outline-none"
          >
            <RadixDialog.Title className="font-semibold text-slate-900">
              {range ? `Typical range ${range}` : 'Suggested price'}
            </RadixDialog.Title>
            {price.basis && <p>Based on {price.basis}.</p>}
            <EvidenceNote evidence={evidence} omitSources={Boolean(price.basis)} />
            <p className="text-xs text-slate-500">
              Suggestions end the way you chose in{' '}
              <Link to="/account#price-endings" className="font-medium text-brand-700 underline">
                Account Settings
              </Link>
              . A price you type is kept as it is.
            </p>
            <Link
              to="/about-data"
              className="text-xs font-medium text-brand-700 underline underline-offset-2"
            >
              About the data
            </Link>
          </RadixDialog.Content>
        )}
      </div>
    </RadixDialog.Root>
  );
}
