import { useId, useRef, useState, type FormEvent } from 'react';
import type { DraftCategory } from '../../../domain/listing-draft';
import { CONFIRMED_CATEGORY_SOURCE, type Product } from '../../../domain/products';
import { Button } from '../../components/ui/button';
import { EvidenceNote } from './evidence-note';
import { CheckIcon } from './icons';
import { confirmCategoryErrorMessage, useConfirmCategory } from './use-product-actions';

/** Below this the seller is asked to confirm the category (issue 5). */
export const CATEGORY_CONFIDENCE_THRESHOLD = 0.6;
export const CONFIRM_CATEGORY_PROMPT = 'Please confirm the category';

/** The current category first, then the alternatives, each once. */
export function categoryChoices(product: Product): DraftCategory[] {
  const all = product.category
    ? [product.category, ...product.categoryAlternatives]
    : product.categoryAlternatives;
  return all.filter((category, index) => all.findIndex((c) => c.id === category.id) === index);
}

/** 'Mugs — Home & Garden > … > Drinkware': the distinguishing name first, as a select cuts the end. */
export function categoryOptionLabel(category: DraftCategory): string {
  const segments = category.fullName.split(' > ');
  const name = segments.pop() ?? category.fullName;
  return segments.length > 0 ? `${name} — ${segments.join(' > ')}` : name;
}

export function needsCategoryConfirmation(product: Product): boolean {
  const { category } = product;
  if (category) return category.confidence < CATEGORY_CONFIDENCE_THRESHOLD;
  return product.categoryAlternatives.length > 0;
}

export function CategoryField({ product }: { product: Product }) {
  const valueRef = useRef<HTMLParagraphElement>(null);
  const evidenceId = `${useId()}-evidence`;
  const evidence = product.evidence.category;
  const confirmedByYou = evidence?.sources.includes(CONFIRMED_CATEGORY_SOURCE) ?? false;
  const hasEvidence = Boolean(evidence?.sources.length);

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {/* As tall as the price header with its copy button, so the two boxes line up. */}
      <span className="flex min-h-8 items-center text-sm font-medium text-slate-700">Category</span>
      <p
        ref={valueRef}
        tabIndex={-1}
        aria-describedby={hasEvidence ? evidenceId : undefined}
        className="flex min-h-10 items-center rounded-lg bg-slate-50 px-3 py-2 text-sm break-words text-slate-700 focus:outline-none"
      >
        {product.category?.fullName ?? 'No category suggested'}
      </p>
      {confirmedByYou ? (
        <p id={evidenceId} className="flex items-center gap-1 text-xs text-emerald-700">
          <CheckIcon className="size-3.5" aria-hidden="true" />
          Confirmed by you
        </p>
      ) : (
        <EvidenceNote id={evidenceId} evidence={evidence} />
      )}
      {needsCategoryConfirmation(product) && (
        <ConfirmCategoryForm
          // A new category from the server starts the choice afresh.
          key={product.category?.id ?? 'none'}
          product={product}
          // The prompt goes away with the confirmation: focus moves to what was confirmed.
          onConfirmed={() => valueRef.current?.focus()}
        />
      )}
    </div>
  );
}

function ConfirmCategoryForm({
  product,
  onConfirmed,
}: {
  product: Product;
  onConfirmed: () => void;
}) {
  const id = useId();
  const promptId = `${id}-prompt`;
  const errorId = `${id}-error`;
  const choices = categoryChoices(product);
  const [chosen, setChosen] = useState(choices[0]?.id ?? '');
  const confirm = useConfirmCategory(product.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === '') return;
    confirm.mutate(chosen, { onSuccess: onConfirmed });
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={promptId}
      className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3"
    >
      <p id={promptId} className="text-sm font-medium text-amber-900">
        {CONFIRM_CATEGORY_PROMPT}
      </p>
      <p className="text-xs text-amber-800">
        We are not sure about this one. Pick the closest match and confirm it.
      </p>
      <label htmlFor={id} className="sr-only">
        Category to confirm
      </label>
      <select
        id={id}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        disabled={confirm.isPending}
        aria-invalid={confirm.isError || undefined}
        aria-describedby={confirm.isError ? errorId : undefined}
        className="h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      >
        {choices.map((category) => (
          <option key={category.id} value={category.id}>
            {categoryOptionLabel(category)}
          </option>
        ))}
      </select>
      <Button
        type="submit"
        size="sm"
        className="self-start"
        loading={confirm.isPending}
        disabled={chosen === ''}
      >
        Confirm
      </Button>
      {confirm.isError && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {confirmCategoryErrorMessage(confirm.error)}
        </p>
      )}
    </form>
  );
}
