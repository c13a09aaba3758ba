import { useId, useState } from 'react';
import { LISTING_DRAFT_LIMITS, type FieldEvidence } from '#domain/listing-draft';
import { parsePriceInput, type Product } from '#domain/products';
import { Tooltip } from '#web/components/ui/tooltip';
import { CopyButton } from './copy-button';
import { InfoIcon } from './icons';
import { formatPrice, PriceRangePopover } from './price-range-popover';

export const PRICE_TOOLTIP =
  'Price is only a recommendation and suggested based on comparable products';

/** The price point, with its range and basis behind the 'Price range' button. */
export function PriceField({
  price,
  evidence,
  onChange,
}: {
  price: Product['price'];
  evidence?: FieldEvidence | undefined;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? formatPrice(price.suggested);

  return (
    <div className="flex flex-col gap-1">
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
        <div className="flex items-center gap-1">
          <PriceRangePopover price={price} evidence={evidence} />
          <CopyButton label="Price" text={shown} />
        </div>
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
          onChange={(event) => {
            const { text, value } = parsePriceInput(event.target.value);
            setTyped(text);
            onChange(Math.min(value, LISTING_DRAFT_LIMITS.priceMax));
          }}
          onBlur={() => setTyped(null)}
          className="h-9 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-7 text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
      </div>
    </div>
  );
}
