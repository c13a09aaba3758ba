import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { DraftCategory } from '#domain/listing-draft';
import type { Product } from '#domain/products';
import { isCategoryConfirmedBySeller } from '#domain/readiness';
import type { TaxonomySearchResult } from '#domain/taxonomy-search';
import { Button } from '#web/components/ui/button';
import { CategorySearch, splitCategoryName } from './category-search';
import { EvidenceNote, useEvidenceDisclosure, WhyButton } from './evidence-note';
import { CheckIcon } from './icons';
import { confirmCategoryErrorMessage, useConfirmCategory } from './use-product-actions';

export const CHANGE_CATEGORY_HEADING = 'Change the category';

/** The current category first, then the alternatives, each once. */
export function categoryChoices(product: Product): DraftCategory[] {
  const all = product.category
    ? [product.category, ...product.categoryAlternatives]
    : product.categoryAlternatives;
  return all.filter((category, index) => all.findIndex((c) => c.id === category.id) === index);
}

/** 'Mugs — Home & Garden > … > Drinkware': the distinguishing name first, as a select cuts the end. */
export function categoryOptionLabel(category: DraftCategory | TaxonomySearchResult): string {
  const { name, path } = splitCategoryName(category.fullName);
  return path ? `${name} — ${path}` : name;
}

export function CategoryField({ product }: { product: Product }) {
  const valueRef = useRef<HTMLParagraphElement>(null);
  const confirmedId = `${useId()}-confirmed`;
  const evidence = product.evidence.category;
  const confirmedByYou = isCategoryConfirmedBySeller(product);
  const why = useEvidenceDisclosure(confirmedByYou ? undefined : evidence);
  const describedBy = confirmedByYou ? confirmedId : why.open ? why.id : undefined;
  // Opened by the seller (Change). An unsure category is asked about above, by 'What is this?'
  // with its kinds (which confirm the category too): asking here as well would ask twice.
  const [changing, setChanging] = useState(false);
  // Owned here, not by the form: the server's product event can replace the form (new category,
  // new key) before the PATCH answers, and the form's own callbacks would then never run.
  const confirm = useConfirmCategory(product.id);
  // Cancel gives focus back to the Change button, which only exists again once the form is gone.
  const focusChangeWhenShown = useRef(false);
  const changeButtonRef = (button: HTMLButtonElement | null) => {
    if (button && focusChangeWhenShown.current) {
      focusChangeWhenShown.current = false;
      button.focus();
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-1">
      {/* As tall as the price header with its copy button, so the two boxes line up. */}
      <div className="flex min-h-8 items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <span className="text-sm font-medium text-slate-700">Category</span>
          <WhyButton field="Category" disclosure={why} />
        </div>
        {!changing && (
          <button
            ref={changeButtonRef}
            type="button"
            aria-label="Change category"
            onClick={() => {
              confirm.reset();
              setChanging(true);
            }}
            className="rounded px-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            Change
          </button>
        )}
      </div>
      <p
        ref={valueRef}
        tabIndex={-1}
        aria-describedby={describedBy}
        className="flex min-h-9 items-center rounded-lg bg-slate-50 px-3 py-1.5 text-sm leading-snug break-words text-slate-700 focus:outline-none"
      >
        {product.category?.fullName ?? 'No category suggested'}
      </p>
      {confirmedByYou && (
        <p id={confirmedId} className="flex items-center gap-1 text-xs text-emerald-700">
          <CheckIcon className="size-3.5" aria-hidden="true" />
          Confirmed by you
        </p>
      )}
      {why.open && <EvidenceNote id={why.id} evidence={evidence} />}
      {changing && (
        <ConfirmCategoryForm
          // A new category from the server starts the choice afresh.
          key={product.category?.id ?? 'none'}
          product={product}
          confirm={confirm}
          // The form goes away with the confirmation: focus moves to what was confirmed.
          onConfirmed={() => {
            setChanging(false);
            valueRef.current?.focus();
          }}
          onCancel={() => {
            focusChangeWhenShown.current = true;
            setChanging(false);
          }}
        />
      )}
    </div>
  );
}

function ConfirmCategoryForm({
  product,
  confirm,
  onConfirmed,
  onCancel,
}: {
  product: Product;
  confirm: ReturnType<typeof useConfirmCategory>;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const promptId = `${id}-prompt`;
  const errorId = `${id}-error`;
  const selectRef = useRef<HTMLSelectElement>(null);
  // Categories picked from the search join the suggestions as options.
  const [picked, setPicked] = useState<TaxonomySearchResult[]>([]);
  const suggestions = categoryChoices(product);
  const options = [
    ...suggestions,
    ...picked.filter((category) => !suggestions.some((s) => s.id === category.id)),
  ];
  const [chosen, setChosen] = useState(options[0]?.id ?? '');

  // Opened from the Change button, which is gone now: focus moves into the form.
  useEffect(() => {
    selectRef.current?.focus();
  }, []);

  // A double click submits twice before the pending state disables the button. One request:
  // after success the form closes, so only a failure lets the seller submit again.
  const submitted = useRef(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === '' || submitted.current) return;
    submitted.current = true;
    confirm.mutate(chosen, {
      onSuccess: onConfirmed,
      onError: () => {
        submitted.current = false;
      },
    });
  };

  const pick = (category: TaxonomySearchResult) => {
    setPicked((current) => [category, ...current.filter((c) => c.id !== category.id)]);
    setChosen(category.id);
    selectRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && !confirm.isPending) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    // Escape from any control in the form cancels it; the wrapper only catches the key as it
    // bubbles up, so it carries no role of its own.
    <div role="presentation" onKeyDown={onKeyDown}>
      <form onSubmit={submit} className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
        {/* Named as a group, not as a form: a named form is a landmark, and every card has one. */}
        <div role="group" aria-labelledby={promptId} className="flex flex-col gap-1.5">
          <p id={promptId} className="text-sm font-medium text-slate-900">
            {CHANGE_CATEGORY_HEADING}
          </p>
          <label htmlFor={id} className="sr-only">
            Category to confirm
          </label>
          {/* The choice and its button on one row: the prompt must not make the card much taller. */}
          <div className="flex items-center gap-2">
            <select
              ref={selectRef}
              id={id}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              disabled={confirm.isPending}
              aria-invalid={confirm.isError || undefined}
              aria-describedby={confirm.isError ? errorId : undefined}
              className="h-9 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            >
              {options.length === 0 && <option value="">Search for a category below</option>}
              {options.map((category) => (
                <option key={category.id} value={category.id}>
                  {categoryOptionLabel(category)}
                </option>
              ))}
            </select>
            <Button type="submit" size="sm" loading={confirm.isPending} disabled={chosen === ''}>
              Confirm
            </Button>
            <Button variant="ghost" size="sm" onClick={onCancel} disabled={confirm.isPending}>
              Cancel
            </Button>
          </div>
          <CategorySearch onPick={pick} disabled={confirm.isPending} />
          {confirm.isError && (
            <p id={errorId} role="alert" className="text-sm text-red-600">
              {confirmCategoryErrorMessage(confirm.error)}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
