import { useId, useState } from 'react';
import { LISTING_DRAFT_LIMITS } from '#domain/listing-draft';
import { parsePriceInput, type Product } from '#domain/products';
import { Tooltip } from '#web/components/ui/tooltip';
import { CopyButton } from './copy-button';
import { InfoIcon } from './icons';

export const PRICE_TOOLTIP =
  'Price is only a recommendation and suggested based on comparable products';

/** A price as the field shows it: whole dollars stay whole, anything else gets two decimals. */
export function formatPrice(value: number | null): string {
  if (value === null) return '';
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** "$18–$30 · based on comparable cotton T-shirts", or null when there is no range. */
export function describePriceRange(price: Product['price']): string | null {
  const parts: string[] = [];
  if (price.low !== null && price.high !== null) {
    parts.push(`$${formatPrice(price.low)}–$${formatPrice(price.high)}`);
  }
  if (price.basis) parts.push(`based on ${price.basis}`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function PriceField({
  price,
  onChange,
}: {
  price: Product['price'];
  onChange: (value: number) => void;
}) {
  const id = useId();
  const rangeId = `${id}-range`;
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? formatPrice(price.suggested);
  const range = describePriceRange(price);

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            Price
          </label>
          <Tooltip content={PRICE_TOOLTIP}>
            <button
              type="button"
              aria-label="About the suggested price"
              className="rounded-full p-0.5 text-slate-400 hover:text-slate-700"
            >
              <InfoIcon className="size-4" />
            </button>
          </Tooltip>
        </div>
        <CopyButton label="Price" text={shown} />
      </div>
      <div className="relative">
        <span
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500"
          aria-hidden="true"
        >
          $
        </span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          value={shown}
          aria-describedby={range ? rangeId : undefined}
          onChange={(event) => {
            const { text, value } = parsePriceInput(event.target.value);
            setTyped(text);
            onChange(Math.min(value, LISTING_DRAFT_LIMITS.priceMax));
          }}
          onBlur={() => setTyped(null)}
          className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-7 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
      {range && (
        <p id={rangeId} className="text-xs text-slate-500">
          {range}
        </p>
      )}
    </div>
  );
}
