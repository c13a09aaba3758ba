import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned ref's element once `active` turns true. For a result that replaces
 * the control holding focus (a form swapped for its confirmation): without it focus falls back to
 * the page and keyboard and screen-reader users lose their place. Unlike `autoFocus`, nothing
 * moves when a page first loads.
 */
export function useFocusWhen<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (active) ref.current?.focus();
  }, [active]);
  return ref;
}
