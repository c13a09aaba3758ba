import { useRef, type KeyboardEvent } from 'react';

/**
 * Keyboard moves between a text field and the suggestion buttons listed under it: ArrowDown from
 * the field enters the list, ArrowUp/ArrowDown walk it, ArrowUp from the first returns to the field.
 * Shared by the category search and 'What is this product?'.
 */
export function useSuggestionListKeys() {
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const buttons = () =>
    Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);

  const focusFirstSuggestion = () => buttons()[0]?.focus();

  const onListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const list = buttons();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const next = index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) inputRef.current?.focus();
    else list[Math.min(next, list.length - 1)]?.focus();
  };

  return { inputRef, listRef, focusFirstSuggestion, onListKeyDown };
}
