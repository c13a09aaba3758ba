/**
 * The card's 'Variants' section (premium, issue 14): collapsed by default; options as chips with
 * the taxonomy's values offered as the seller types, the rows with price, SKU and barcode, and a
 * bulk price per option value. Every change is autosaved like the other fields. A free seller
 * sees variants they already have, read-only.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { BRAND_ATTRIBUTE, CONDITION_ATTRIBUTE } from '#domain/product-attributes';
import type { Product } from '#domain/products';
import {
  optionsProblem,
  SQUARESPACE_VARIANT_LIMIT,
  withOptions,
  type ProductVariants,
  type VariantOption,
} from '#domain/variants';
import { useIsPremium } from '#web/lib/profile';
import { reviewApi } from '../api';
import { AddOptionForm, OptionEditor } from './option-editor';
import { BulkPriceForm, VariantRowsTable } from './variant-rows';

export const VARIANTS_HEADING = 'Variants';
export const VARIANTS_HINT =
  'Add options such as Size or Color: each combination becomes a variant with its own price, SKU and barcode.';
export const VARIANTS_PREMIUM_NOTE = 'Editing variants is a Premium feature.';
export const SQUARESPACE_LIMIT_NOTE = `Squarespace imports at most ${SQUARESPACE_VARIANT_LIMIT} variants per product, so it will refuse this one.`;
const COMMON_OPTION_NAMES = ['Size', 'Color', 'Material'];
const NOT_OPTIONS = new Set([BRAND_ATTRIBUTE, CONDITION_ATTRIBUTE].map((n) => n.toLowerCase()));

function summary(variants: ProductVariants): string {
  const count = variants.rows.length;
  if (count === 0) return VARIANTS_HEADING;
  return `${VARIANTS_HEADING} (${count} ${count === 1 ? 'variant' : 'variants'})`;
}

/** The taxonomy's attributes for the product's category (cached with the attribute chips). */
function useCategoryAttributes(categoryId: string | undefined) {
  return useQuery({
    queryKey: ['taxonomy', 'attributes', categoryId],
    queryFn: () => reviewApi.categoryAttributes(categoryId!),
    enabled: categoryId !== undefined,
    staleTime: Infinity,
  });
}

export function VariantsSection({
  product,
  onChange,
}: {
  product: Product;
  onChange: (variants: ProductVariants) => void;
}) {
  // Only whether premium: the credits change as each draft arrives, and every card has this.
  const premium = useIsPremium();
  const { variants } = product;
  if (!premium && variants.options.length === 0) return null;

  return (
    <details className="group rounded-lg border border-slate-200 px-3 py-2">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        {summary(variants)}
      </summary>
      <div className="mt-2 flex flex-col gap-3">
        {premium ? (
          <VariantsEditor product={product} onChange={onChange} />
        ) : (
          <ReadOnlyVariants variants={variants} />
        )}
      </div>
    </details>
  );
}

function ReadOnlyVariants({ variants }: { variants: ProductVariants }) {
  return (
    <>
      <ul className="flex flex-col gap-1 text-xs text-slate-700">
        {variants.options.map((option) => (
          <li key={option.name}>
            <span className="font-medium">{option.name}:</span> {option.values.join(', ')}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-500">{VARIANTS_PREMIUM_NOTE}</p>
    </>
  );
}

function VariantsEditor({
  product,
  onChange,
}: {
  product: Product;
  onChange: (variants: ProductVariants) => void;
}) {
  const headingId = useId();
  const { variants } = product;
  const attributes = useCategoryAttributes(product.category?.id).data ?? [];
  const valuesFor = (name: string) =>
    attributes.find((attribute) => attribute.name.toLowerCase() === name.toLowerCase())?.values ??
    [];
  const nameSuggestions = [
    ...new Set([
      ...COMMON_OPTION_NAMES,
      ...attributes
        .map((attribute) => attribute.name)
        .filter((name) => !NOT_OPTIONS.has(name.toLowerCase())),
    ]),
  ];
  const onOptions = (options: VariantOption[]): string | null => {
    const problem = optionsProblem(options);
    if (problem === null) onChange(withOptions(variants, options));
    return problem;
  };

  return (
    <>
      {/* A group, not a landmark: every card has one (see guidance-list.tsx). */}
      <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
        <h2 id={headingId} className="sr-only">
          Options
        </h2>
        {variants.options.length === 0 && <p className="text-xs text-slate-600">{VARIANTS_HINT}</p>}
        {variants.options.length > 0 && (
          <ul className="flex flex-col gap-2">
            {variants.options.map((option, index) => (
              <OptionEditor
                key={option.name}
                options={variants.options}
                index={index}
                suggestions={valuesFor(option.name)}
                onOptions={onOptions}
              />
            ))}
          </ul>
        )}
        <AddOptionForm
          options={variants.options}
          nameSuggestions={nameSuggestions}
          onOptions={onOptions}
        />
      </div>
      {variants.rows.length > 0 && (
        <>
          <BulkPriceForm variants={variants} onChange={onChange} />
          <VariantRowsTable
            variants={variants}
            productPrice={product.price.suggested}
            onChange={onChange}
          />
          {variants.rows.length > SQUARESPACE_VARIANT_LIMIT && (
            <p className="text-xs text-amber-800">{SQUARESPACE_LIMIT_NOTE}</p>
          )}
        </>
      )}
    </>
  );
}
