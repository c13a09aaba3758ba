import { useId, useState, type KeyboardEvent } from 'react';
import { TAXONOMY_SEARCH_LIMITS, type TaxonomySearchResult } from '#domain/taxonomy-search';
import { ApiError } from '#web/lib/api-client';
import { SEARCH_CATEGORIES_FAILED_MESSAGE } from './api';
import { useCategorySearch } from './use-category-search';
import { useSuggestionListKeys } from './suggestion-list-keys';

export const CATEGORY_SEARCH_LABEL = 'Search all categories';
export const CATEGORY_SEARCH_PLACEHOLDER = 'e.g. watches, water bottle';

/** 'Water Bottles' and 'Home & Garden > … > Food & Beverage Carriers': the own name first. */
export function splitCategoryName(fullName: string): { name: string; path: string } {
  const segments = fullName.split(' > ');
  const name = segments.pop() ?? fullName;
  return { name, path: segments.join(' > ') };
}

export function noCategoryMatchesMessage(query: string): string {
  return `No category matches “${query}”`;
}

function foundText(results: readonly unknown[]): string {
  return `${results.length} ${results.length === 1 ? 'category' : 'categories'} found`;
}

/**
 * The whole taxonomy, searched as the seller types. Results are buttons in a list: Tab or the
 * arrow keys move through them, Enter picks; Enter in the box picks the first. Escape in a
 * filled box clears it (an empty box lets Escape reach the form, which may close).
 */
export function CategorySearch({
  onPick,
  disabled = false,
}: {
  onPick: (category: TaxonomySearchResult) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const listId = `${id}-results`;
  const [text, setText] = useState('');
  const { inputRef, listRef, focusFirstSuggestion, onListKeyDown } = useSuggestionListKeys();
  const search = useCategorySearch(text);
  const results = search.categories ?? [];
  const showList = search.active && !search.error && results.length > 0;

  const pick = (category: TaxonomySearchResult) => {
    setText('');
    onPick(category);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Never submits the form around it; picks the best match once the answer is current.
      event.preventDefault();
      const [first] = results;
      if (first && !search.searching && showList) pick(first);
    } else if (event.key === 'ArrowDown' && showList) {
      event.preventDefault();
      focusFirstSuggestion();
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      event.stopPropagation();
      setText('');
    }
  };

  // A live region: "Searching…" and "No category matches" are shown, the count only announced.
  let status = '';
  let statusShown = true;
  if (search.searching) status = 'Searching…';
  else if (search.active && !search.error && search.categories) {
    status = results.length === 0 ? noCategoryMatchesMessage(search.query) : foundText(results);
    statusShown = results.length === 0;
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {CATEGORY_SEARCH_LABEL}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onInputKeyDown}
        disabled={disabled}
        placeholder={CATEGORY_SEARCH_PLACEHOLDER}
        maxLength={TAXONOMY_SEARCH_LIMITS.queryMax}
        autoComplete="off"
        spellCheck={false}
        aria-controls={showList ? listId : undefined}
        className="h-9 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none disabled:bg-slate-50"
      />
      <p role="status" className={status && statusShown ? 'text-xs text-slate-600' : 'sr-only'}>
        {status}
      </p>
      {search.error && (
        <p role="alert" className="text-sm text-red-600">
          {search.error instanceof ApiError
            ? search.error.message
            : SEARCH_CATEGORIES_FAILED_MESSAGE}
        </p>
      )}
      {showList && (
        // Arrow keys move between the result buttons; the wrapper only catches the keys as they
        // bubble up from those buttons, so it carries no role of its own.
        <div role="presentation" onKeyDown={onListKeyDown}>
          <ul
            ref={listRef}
            id={listId}
            aria-label="Matching categories"
            className="max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-sm"
          >
            {results.map((category) => {
              const { name, path } = splitCategoryName(category.fullName);
              return (
                <li key={category.id} className="border-b border-slate-100 last:border-b-0">
                  <button
                    type="button"
                    aria-label={path ? `${name} — ${path}` : name}
                    onClick={() => pick(category)}
                    disabled={disabled}
                    className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left text-sm hover:bg-brand-50 focus:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset"
                  >
                    <span className="font-semibold text-slate-900">{name}</span>
                    {path && <span className="text-xs text-slate-500">{path}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
