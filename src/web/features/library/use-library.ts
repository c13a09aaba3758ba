import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { NavigationType, useNavigationType, useSearchParams } from 'react-router';
import { catalogueGapSchema, type CatalogueGap, type GapCounts } from '#domain/catalogue-gaps';
import { LIBRARY_SEARCH_MAX } from '#domain/library';
import { ApiError } from '#web/lib/api-client';
import { libraryGapsSearchQueryKey, librarySearchQueryKey } from '#web/lib/library';
import { libraryApi } from './api';

/** Free sellers have no library: the server answers 403 with this code. */
export const PREMIUM_REQUIRED = 'premium-required';

export function isPremiumRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === PREMIUM_REQUIRED;
}

/**
 * The library's pages for one search term and gap, fetched one cursor at a time. Not refetched
 * on window focus: that would fetch every loaded page again, one after the other; the cards'
 * own writes keep the cache current.
 */
export function useLibraryPages(term: string, gap: CatalogueGap | null) {
  const appRetry = useQueryClient().getDefaultOptions().queries?.retry ?? 3;
  return useInfiniteQuery({
    queryKey: librarySearchQueryKey(term, gap),
    // The signal lets react-query abandon a search the seller has typed past.
    queryFn: ({ pageParam, signal }) => libraryApi.page(term, gap, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
    // A refusal (no premium, signed out) is final; anything else is tried as the app does.
    retry: (failures, error) => {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
      if (typeof appRetry === 'function') return appRetry(failures, error);
      return typeof appRetry === 'boolean' ? appRetry : failures < appRetry;
    },
  });
}

/**
 * The pause in typing after which the term is searched. Short, so the last key is answered
 * within 150 ms (the server answers in 3-15 ms); a search typed past is abandoned, not awaited.
 */
const SEARCH_DELAY_MS = 80;

/**
 * The search box: what is typed shows at once; the term searched (and kept in the address as
 * `?q=`, so a reload or a shared link keeps it) follows after a pause in typing.
 */
export function useLibrarySearch(delayMs = SEARCH_DELAY_MS) {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('q') ?? '';
  const [typed, setTyped] = useState(inAddress);
  const navigation = useNavigationType();
  const [seen, setSeen] = useState(inAddress);
  // The address changed from outside (a link, back or forward): the box follows it, or the
  // pause below would write the old words back over it. Its own writes (replacements) land
  // after the pause, when the seller may have typed on: those must not take the box back.
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (navigation !== NavigationType.Replace) setTyped(inAddress);
  }

  useEffect(() => {
    if (typed === inAddress) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (typed.trim()) next.set('q', typed);
          else next.delete('q');
          return next;
        },
        // Each keystroke is not a page of its own in the history.
        { replace: true },
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [typed, inAddress, setParams, delayMs]);

  return {
    typed,
    setTyped,
    term: inAddress.trim().slice(0, LIBRARY_SEARCH_MAX),
  };
}

/**
 * The audit gap the list is filtered by, kept in the address as `?gap=` (a reload or a shared
 * link keeps it); an id the app does not know is no filter. Choosing one is a step of its own in
 * the history, so Back returns to the list before it.
 */
export function useLibraryGap() {
  const [params, setParams] = useSearchParams();
  const parsed = catalogueGapSchema.safeParse(params.get('gap'));
  const gap = parsed.success ? parsed.data : null;
  const setGap = useCallback(
    (next: CatalogueGap | null) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('gap', next);
        else updated.delete('gap');
        return updated;
      }),
    [setParams],
  );
  return { gap, setGap };
}

/**
 * Each gap's count for the search, asked apart from the pages so counting never holds a page
 * back. While a new term's counts load, the last ones stay (and the focus on a filter button);
 * a failure shows no filters rather than an error, since the list itself still works.
 */
export function useGapCounts(term: string): GapCounts | null {
  const query = useQuery({
    queryKey: libraryGapsSearchQueryKey(term),
    queryFn: ({ signal }) => libraryApi.gaps(term, signal),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.gaps ?? null;
}
