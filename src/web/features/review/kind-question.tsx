import { useEffect, useId, useRef } from 'react';
import type { Product } from '#domain/products';
import { singularNoun, titleCase } from '#domain/text/noun-phrases';
import { splitCategoryName } from './category-search';
import { identifyErrorMessage, type useIdentifyProduct } from './use-identify-product';

export const KIND_QUESTION = 'What is this?';
export const SOMETHING_ELSE = 'Something else…';
/** At most this many kinds are offered: more would be a menu again (issue 24). */
const KINDS_MAX = 3;
/** Shopify's 'Uncategorized': never a kind to offer. */
const UNCATEGORIZED = /\/na$/;

/** Marks the control the review header's 'Next to answer' focuses first on a card. */
export const FIRST_QUESTION_ATTRIBUTE = 'data-first-question';

export interface SuggestedKind {
  /** The kind as a product noun in title case ('Hammer'): the button and the seller's words. */
  label: string;
  categoryId: string;
}

/**
 * The analyzer's best kinds, best first: its category, then its alternatives, each named by the
 * category's last segment in the singular ('Hammers' → 'Hammer'), without repeats.
 */
export function suggestedKinds(
  product: Pick<Product, 'category' | 'categoryAlternatives'>,
): SuggestedKind[] {
  const kinds: SuggestedKind[] = [];
  for (const category of [product.category, ...product.categoryAlternatives]) {
    if (!category || UNCATEGORIZED.test(category.id)) continue;
    const label = titleCase(singularNoun(splitCategoryName(category.fullName).name));
    if (kinds.some((kind) => kind.categoryId === category.id || kind.label === label)) continue;
    kinds.push({ label, categoryId: category.id });
    if (kinds.length === KINDS_MAX) break;
  }
  return kinds;
}

/**
 * 'What is this? Hammer · Hatchet · Cleaver · Something else…': one click names the product as
 * that kind in that category, exactly as the seller's own words would ('What is this product?'),
 * re-drafting every field they have not edited, at no credit.
 */
export function KindQuestion({
  kinds,
  identify,
  onPick,
  onSomethingElse,
  focusSomethingElse = false,
}: {
  kinds: readonly SuggestedKind[];
  identify: ReturnType<typeof useIdentifyProduct>;
  onPick(kind: SuggestedKind): void;
  onSomethingElse(): void;
  /** Back from 'Something else…' without an answer: focus returns to that button. */
  focusSomethingElse?: boolean;
}) {
  const headingId = useId();
  const somethingElseRef = useRef<HTMLButtonElement>(null);
  const busy = identify.isPending;
  const sent = busy ? identify.variables : undefined;

  useEffect(() => {
    if (focusSomethingElse) somethingElseRef.current?.focus();
  }, [focusSomethingElse]);

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className="flex flex-col gap-1.5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2"
    >
      <div className="flex flex-wrap items-baseline gap-x-2">
        <p id={headingId} className="text-sm font-medium text-slate-900">
          {KIND_QUESTION}
        </p>
        <p className="text-xs text-slate-600">
          Not sure from the photo. Pick one: fields you have not edited are written again.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {kinds.map((kind, index) => (
          <button
            key={kind.categoryId}
            type="button"
            {...(index === 0 ? { [FIRST_QUESTION_ATTRIBUTE]: '' } : {})}
            disabled={busy}
            onClick={() => onPick(kind)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1 text-sm font-semibold text-slate-900 shadow-sm hover:border-brand-500 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-wait disabled:opacity-60"
          >
            {kind.label}
          </button>
        ))}
        <button
          ref={somethingElseRef}
          type="button"
          disabled={busy}
          onClick={onSomethingElse}
          className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-60"
        >
          {SOMETHING_ELSE}
        </button>
      </div>
      <p role="status" className={busy ? 'text-xs text-slate-600' : 'sr-only'}>
        {sent ? `Writing the listing as ${sent.kind}…` : ''}
      </p>
      {identify.isError && (
        <p role="alert" className="text-sm text-red-600">
          {identifyErrorMessage(identify.error)}
        </p>
      )}
    </div>
  );
}
