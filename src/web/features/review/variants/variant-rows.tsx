/** The variant rows (price, SKU, barcode each) and the bulk price per option value. */
import { useId, useState } from 'react';
import { isValidGtin } from '#domain/gtin';
import { LISTING_DRAFT_LIMITS } from '#domain/listing-draft';
import { parsePriceInput } from '#domain/products';
import {
  cleanBarcode,
  rowLabel,
  setPriceForValue,
  updateRow,
  VARIANT_LIMITS,
  VARIANT_MESSAGES,
  type ProductVariants,
} from '#domain/variants';
import { Button } from '#web/components/ui/button';
import { formatPrice } from '../price-range-popover';
import { CommitInput } from './commit-input';

/** Rows shown before 'Show all': a long table would bury the rest of the card. */
export const ROWS_SHOWN_FIRST = 50;
export const PRICE_TOO_HIGH_MESSAGE = `Enter a price of at most $${LISTING_DRAFT_LIMITS.priceMax}.`;
export const ENTER_PRICE_MESSAGE = 'Enter a price.';

/** A typed price: null for empty (the product's price), a message when it cannot be one. */
export function parseVariantPrice(text: string): { price: number | null } | { error: string } {
  const { text: kept, value } = parsePriceInput(text);
  if (kept === '') return { price: null };
  if (value > LISTING_DRAFT_LIMITS.priceMax) return { error: PRICE_TOO_HIGH_MESSAGE };
  return { price: value };
}

export function VariantRowsTable({
  variants,
  productPrice,
  onChange,
}: {
  variants: ProductVariants;
  productPrice: number | null;
  onChange: (variants: ProductVariants) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const rows = showAll ? variants.rows : variants.rows.slice(0, ROWS_SHOWN_FIRST);
  const inherited = productPrice === null ? '' : formatPrice(productPrice);

  return (
    <div className="flex flex-col gap-1">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Variants with their price, SKU and barcode</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Variant
            </th>
            <th scope="col" className="w-20 py-1 pr-2 font-medium">
              Price ($)
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              SKU
            </th>
            <th scope="col" className="py-1 font-medium">
              Barcode
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const label = rowLabel(row);
            return (
              <tr key={label} className="align-top">
                <th scope="row" className="py-1 pr-2 font-normal text-slate-800">
                  {label}
                </th>
                <td className="py-1 pr-2">
                  <CommitInput
                    label={`Price for ${label}`}
                    value={row.price === null ? '' : formatPrice(row.price)}
                    placeholder={inherited}
                    inputMode="decimal"
                    maxLength={12}
                    onCommit={(text) => {
                      const parsed = parseVariantPrice(text);
                      if ('error' in parsed) return parsed.error;
                      onChange(updateRow(variants, index, { price: parsed.price }));
                      return null;
                    }}
                  />
                </td>
                <td className="py-1 pr-2">
                  <CommitInput
                    label={`SKU for ${label}`}
                    value={row.sku}
                    maxLength={VARIANT_LIMITS.skuMax}
                    onCommit={(text) => {
                      onChange(updateRow(variants, index, { sku: text.trim() }));
                      return null;
                    }}
                  />
                </td>
                <td className="py-1">
                  <CommitInput
                    label={`Barcode for ${label}`}
                    value={row.barcode ?? ''}
                    inputMode="numeric"
                    maxLength={20}
                    onCommit={(text) => {
                      const code = cleanBarcode(text);
                      if (code !== '' && !isValidGtin(code)) return VARIANT_MESSAGES.invalidBarcode;
                      const taken = variants.rows.some(
                        (other, i) => i !== index && code !== '' && other.barcode === code,
                      );
                      if (taken) return VARIANT_MESSAGES.duplicateBarcode;
                      onChange(updateRow(variants, index, { barcode: code === '' ? null : code }));
                      return null;
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {!showAll && variants.rows.length > ROWS_SHOWN_FIRST && (
        <Button variant="ghost" size="sm" onClick={() => setShowAll(true)}>
          Show all {variants.rows.length} variants
        </Button>
      )}
    </div>
  );
}

/** 'Set price for Size: XL': one price for every row with that value. */
export function BulkPriceForm({
  variants,
  onChange,
}: {
  variants: ProductVariants;
  onChange: (variants: ProductVariants) => void;
}) {
  const id = useId();
  const choices = variants.options.flatMap((option, optionIndex) =>
    option.values.map((value) => ({ optionIndex, name: option.name, value })),
  );
  const [choice, setChoice] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const chosen = choices[Math.min(choice, choices.length - 1)];
  if (!chosen) return null;

  const apply = () => {
    const parsed = parseVariantPrice(text);
    if ('error' in parsed) return setError(parsed.error);
    if (parsed.price === null) return setError(ENTER_PRICE_MESSAGE);
    setError(null);
    setText('');
    onChange(setPriceForValue(variants, chosen.optionIndex, chosen.value, parsed.price));
  };

  return (
    <div className="flex flex-col gap-0.5">
      <div className="flex flex-wrap items-center gap-1.5">
        <label htmlFor={`${id}-value`} className="text-xs text-slate-600">
          Set a price for every
        </label>
        <select
          id={`${id}-value`}
          value={Math.min(choice, choices.length - 1)}
          onChange={(event) => setChoice(Number(event.target.value))}
          className="h-7 rounded border border-slate-300 px-1 text-xs"
        >
          {choices.map((entry, index) => (
            <option key={`${entry.name}:${entry.value}`} value={index}>
              {entry.name}: {entry.value}
            </option>
          ))}
        </select>
        <input
          type="text"
          inputMode="decimal"
          aria-label={`Price for every ${chosen.name}: ${chosen.value}`}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${id}-error` : undefined}
          placeholder="0.00"
          maxLength={12}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
          className="h-7 w-20 rounded border border-slate-300 px-1.5 text-xs"
        />
        <Button type="button" variant="secondary" size="sm" onClick={apply}>
          Set price for {chosen.name}: {chosen.value}
        </Button>
      </div>
      {error !== null && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
