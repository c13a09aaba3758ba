import { clsx } from 'clsx';
import { useId, useState, type ChangeEvent } from 'react';
import { LISTING_DRAFT_LIMITS } from '#domain/listing-draft';
import type { Product, ProductPatch } from '#domain/products';
import { ChevronRightIcon } from './icons';

export const SEO_SECTION_LABEL = 'Search engine listing';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none';

/** One SEO field: the seller's own text while they type, the product's otherwise. */
function SeoField({
  label,
  value,
  maxLength,
  multiline = false,
  onChange,
}: {
  label: string;
  value: string;
  maxLength: number;
  multiline?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const countId = `${id}-count`;
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? value;
  const common = {
    id,
    value: shown,
    maxLength,
    'aria-describedby': countId,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setTyped(event.target.value);
      onChange(event.target.value);
    },
    onBlur: () => setTyped(null),
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-xs font-medium text-slate-700">
          {label}
        </label>
        <span id={countId} className="text-xs text-slate-500 tabular-nums">
          {shown.length} of {maxLength} characters
        </span>
      </div>
      {multiline ? (
        <textarea
          {...common}
          rows={2}
          className={clsx(fieldClass, 'field-sizing-content max-h-28 resize-none py-1.5')}
        />
      ) : (
        <input {...common} type="text" className={clsx(fieldClass, 'h-8')} />
      )}
    </div>
  );
}

/**
 * The SEO title and description (Shopify's search engine listing), folded away under one line:
 * most sellers keep the draft, so it costs the card no height until opened. `<details>` opens
 * from the keyboard as well (Enter or Space on its summary).
 */
export function SeoFields({
  product,
  onChange,
}: {
  product: Pick<Product, 'seoTitle' | 'seoDescription'>;
  onChange: (patch: Pick<ProductPatch, 'seoTitle' | 'seoDescription'>) => void;
}) {
  return (
    <details className="group rounded-lg border border-slate-200 px-3 py-1 text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded text-xs font-medium text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-100 focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <ChevronRightIcon className="size-3.5 shrink-0 text-slate-400 transition-transform group-open:rotate-90" />
        <span className="shrink-0">{SEO_SECTION_LABEL}</span>
        <span className="truncate font-normal text-slate-500 group-open:hidden">
          {product.seoTitle || 'Uses the product name'}
        </span>
      </summary>
      <div className="mt-2 flex flex-col gap-2 pb-1">
        <SeoField
          label="SEO title"
          value={product.seoTitle}
          maxLength={LISTING_DRAFT_LIMITS.seoTitleMax}
          onChange={(seoTitle) => onChange({ seoTitle })}
        />
        <SeoField
          label="SEO description"
          multiline
          value={product.seoDescription}
          maxLength={LISTING_DRAFT_LIMITS.seoDescriptionMax}
          onChange={(seoDescription) => onChange({ seoDescription })}
        />
      </div>
    </details>
  );
}
