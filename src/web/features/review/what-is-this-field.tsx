import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { IDENTIFY_KIND_LIMITS, type Product } from '#domain/products';
import type { TaxonomySearchResult } from '#domain/taxonomy-search';
import { Button } from '#web/components/ui/button';
import { needsCategoryConfirmation } from '#domain/readiness';
import { noCategoryMatchesMessage, splitCategoryName } from './category-search';
import { identifyErrorMessage, useIdentifyProduct } from './use-identify-product';
import { FIRST_QUESTION_ATTRIBUTE, KindQuestion, suggestedKinds } from './kind-question';
import { useCategorySearch } from './use-category-search';
import { useSuggestionListKeys } from './suggestion-list-keys';

export const WHAT_IS_THIS_LABEL = 'What is this product?';
export const WHAT_IS_THIS_PLACEHOLDER = 'e.g. adjustable wrench, blue ceramic mug';
export const USE_MY_WORDS = 'Use my words';
export const UPDATING_LISTING = 'Updating the listing…';

/** Asked outright when the draft could not name the product or is unsure of its category. */
export function shouldAskWhatItIs(product: Product): boolean {
  return product.title.trim() === '' || needsCategoryConfirmation(product);
}

/**
 * 'What is this product?' (issue 13): the seller's words, and optionally a taxonomy category
 * suggested for them, re-draft every field they have not edited. Shown open when the draft
 * needs it, otherwise behind a small button.
 */
export function WhatIsThisField({ product }: { product: Product }) {
  const asking = shouldAskWhatItIs(product);
  const [opened, setOpened] = useState(false);
  // 'What is this?' with the analyzer's kinds comes first; 'Something else…' opens the words.
  const kinds = asking ? suggestedKinds(product) : [];
  const [ownWords, setOwnWords] = useState<'closed' | 'open' | 'cancelled'>('closed');
  const identify = useIdentifyProduct(product.id);
  // Closing moves focus back to the button, which exists only once the form is gone.
  const focusButtonWhenShown = useRef(false);
  const buttonRef = (button: HTMLButtonElement | null) => {
    if (button && focusButtonWhenShown.current) {
      focusButtonWhenShown.current = false;
      button.focus();
    }
  };
  const close = () => {
    focusButtonWhenShown.current = true;
    setOpened(false);
    setOwnWords('closed');
  };

  if (asking && kinds.length > 0 && ownWords !== 'open') {
    return (
      <KindQuestion
        kinds={kinds}
        identify={identify}
        onPick={(kind) =>
          identify.mutate({ kind: kind.label, categoryId: kind.categoryId }, { onSuccess: close })
        }
        onSomethingElse={() => {
          identify.reset();
          setOwnWords('open');
        }}
        focusSomethingElse={ownWords === 'cancelled'}
      />
    );
  }

  if (!asking && !opened) {
    return (
      <div>
        <button
          ref={buttonRef}
          type="button"
          onClick={() => {
            identify.reset();
            setOpened(true);
          }}
          className="rounded px-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {WHAT_IS_THIS_LABEL}
        </button>
      </div>
    );
  }
  return (
    <WhatIsThisForm
      identify={identify}
      prominent={asking}
      focusOnOpen={opened || ownWords === 'open'}
      onDone={close}
      onCancel={asking ? (kinds.length > 0 ? () => setOwnWords('cancelled') : undefined) : close}
    />
  );
}

function WhatIsThisForm({
  identify,
  prominent,
  focusOnOpen,
  onDone,
  onCancel,
}: {
  identify: ReturnType<typeof useIdentifyProduct>;
  /** Asked by the card (amber) rather than opened by the seller. */
  prominent: boolean;
  /** Opened by the seller: focus goes to the words. */
  focusOnOpen: boolean;
  onDone: () => void;
  onCancel: (() => void) | undefined;
}) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const errorId = `${id}-error`;
  const [text, setText] = useState('');
  const { inputRef, listRef, focusFirstSuggestion, onListKeyDown } = useSuggestionListKeys();
  const search = useCategorySearch(text, 'kind');
  const suggestions = search.categories ?? [];
  const kind = text.trim();
  const busy = identify.isPending;
  const showList = !busy && search.active && !search.error && suggestions.length > 0;

  // Opened by the seller's click, whose button is gone now: typing starts at once.
  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
  }, [focusOnOpen, inputRef]);

  const send = (categoryId?: string) => {
    if (kind === '' || busy) return;
    identify.mutate(categoryId === undefined ? { kind } : { kind, categoryId }, {
      onSuccess: () => {
        setText('');
        onDone();
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && showList) {
      event.preventDefault();
      focusFirstSuggestion();
    } else if (event.key === 'Escape' && onCancel && !busy) {
      event.preventDefault();
      onCancel();
    }
  };

  let status = '';
  if (busy) status = UPDATING_LISTING;
  else if (search.searching) status = 'Searching…';
  else if (search.active && search.categories && suggestions.length === 0) {
    status = `${noCategoryMatchesMessage(search.query)}: press Enter to use your words.`;
  }

  return (
    <form
      onSubmit={submit}
      aria-busy={busy || undefined}
      className={
        prominent
          ? 'flex flex-col gap-1.5 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2'
          : 'flex flex-col gap-1.5 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2'
      }
    >
      <div className="flex flex-wrap items-baseline gap-x-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {WHAT_IS_THIS_LABEL}
        </label>
        <p className="text-xs text-slate-600">Fields you have not edited are written again.</p>
      </div>
      {/* Words and the button on one row: the prompt must not make the card much taller. */}
      <div className="flex items-center gap-2">
        <input
          ref={inputRef}
          id={id}
          {...(prominent ? { [FIRST_QUESTION_ATTRIBUTE]: '' } : {})}
          type="text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onInputKeyDown}
          readOnly={busy}
          placeholder={WHAT_IS_THIS_PLACEHOLDER}
          maxLength={IDENTIFY_KIND_LIMITS.max}
          autoComplete="off"
          aria-controls={showList ? listId : undefined}
          aria-invalid={identify.isError || undefined}
          aria-describedby={identify.isError ? errorId : undefined}
          className="h-8 w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        />
        <Button type="submit" size="sm" loading={busy} disabled={kind === ''}>
          {USE_MY_WORDS}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
      {showList && (
        // Arrow keys move between the suggestions; the wrapper only catches them as they bubble.
        <div role="presentation" onKeyDown={onListKeyDown}>
          <ul
            ref={listRef}
            id={listId}
            aria-label="Suggested categories"
            className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            {suggestions.map((category) => (
              <Suggestion key={category.id} category={category} onPick={send} />
            ))}
          </ul>
        </div>
      )}
      <p role="status" className={status ? 'text-xs text-slate-600' : 'sr-only'}>
        {status}
      </p>
      {identify.isError && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {identifyErrorMessage(identify.error)}
        </p>
      )}
    </form>
  );
}

function Suggestion({
  category,
  onPick,
}: {
  category: TaxonomySearchResult;
  onPick: (categoryId: string) => void;
}) {
  const { name, path } = splitCategoryName(category.fullName);
  return (
    <li className="border-b border-slate-100 last:border-b-0">
      <button
        type="button"
        aria-label={path ? `${name} — ${path}` : name}
        onClick={() => onPick(category.id)}
        className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset"
      >
        <span className="font-semibold text-slate-900">{name}</span>
        {path && <span className="text-xs text-slate-500">{path}</span>}
      </button>
    </li>
  );
}
