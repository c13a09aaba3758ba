import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavigationType, useNavigationType, useSearchParams } from 'react-router';
import { catalogueGapSchema, type CatalogueGap, type GapCounts } from '#domain/catalogue-gaps';
import { LIBRARY_PAGE_SIZE, LIBRARY_SEARCH_MAX, type LibraryPage } from '#domain/library';
import type { Product } from '#domain/products';
import { ApiError } from '#web/lib/api-client';
import {
  libraryGapsSearchQueryKey,
  libraryJumpQueryKey,
  librarySearchQueryKey,
  type LibraryPages,
} from '#web/lib/library';
import { libraryApi } from './api';

/** Free sellers have no library: the server answers 403 with this code. */
export const PREMIUM_REQUIRED = 'premium-required';

export function isPremiumRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === PREMIUM_REQUIRED;
}

/** The query of a search's pages: the list's, and the one asked for as its term is typed. */
function libraryPagesQuery(
  term: string,
  gap: CatalogueGap | null,
  retry: (failures: number, error: Error) => boolean,
) {
  return infiniteQueryOptions({
    queryKey: librarySearchQueryKey(term, gap),
    // The signal lets react-query abandon a search the seller has typed past.
    queryFn: ({ pageParam, signal }) => libraryApi.page(term, gap, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
    retry,
  });
}

/**
 * The library's pages for one search term and gap, fetched one cursor at a time. Not refetched
 * on window focus: that would fetch every loaded page again, one after the other; the cards'
 * own writes keep the cache current.
 */
export function useLibraryPages(term: string, gap: CatalogueGap | null) {
  return useInfiniteQuery(libraryPagesQuery(term, gap, useLibraryRetry()));
}

/**
 * Asks for a search's first page now (nothing if it is in the cache), as the term is typed;
 * settles when it is in (or failed: the results show the failure).
 */
export function usePrefetchLibraryPages(): (
  term: string,
  gap: CatalogueGap | null,
) => Promise<void> {
  const queryClient = useQueryClient();
  const retry = useLibraryRetry();
  return (term, gap) => queryClient.prefetchInfiniteQuery(libraryPagesQuery(term, gap, retry));
}

/** A refusal (no premium, signed out) is final; anything else is tried as the app does. */
function useLibraryRetry() {
  const appRetry = useQueryClient().getDefaultOptions().queries?.retry ?? 3;
  return (failures: number, error: Error) => {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
    if (typeof appRetry === 'function') return appRetry(failures, error);
    return typeof appRetry === 'boolean' ? appRetry : failures < appRetry;
  };
}

/** A page the seller jumped to: loaded, failed (with a retry), or on its way. */
export interface JumpedPage {
  page: LibraryPage | undefined;
  error: string | null;
  retry(): void;
}

/**
 * Pages far down a search that the seller jumped to (End, the scroll bar) before the pages
 * above them were loaded: each fetched at its offset once it comes near the screen, by its
 * index in the list of {@link LIBRARY_PAGE_SIZE}-product pages.
 */
export function useLibraryJumps(term: string, gap: CatalogueGap | null) {
  const retry = useLibraryRetry();
  const [wanted, setWanted] = useState<readonly number[]>([]);
  const results = useQueries({
    queries: wanted.map((index) => ({
      queryKey: libraryJumpQueryKey(term, gap, index * LIBRARY_PAGE_SIZE),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<LibraryPages> => ({
        pages: [await libraryApi.page(term, gap, { offset: index * LIBRARY_PAGE_SIZE }, signal)],
        pageParams: [null],
      }),
      refetchOnWindowFocus: false,
      staleTime: 5 * 60_000,
      retry,
    })),
  });
  const jumped = new Map<number, JumpedPage>();
  results.forEach((result, at) => {
    jumped.set(wanted[at]!, {
      page: result.data?.pages[0],
      error: result.isError ? result.error.message : null,
      retry: () => void result.refetch(),
    });
  });
  const want = useCallback(
    (index: number) =>
      setWanted((current) => (current.includes(index) ? current : [...current, index])),
    [],
  );
  return { jumped, want };
}

/**
 * Every page loaded: in order from the top, then those jumped to further down. The same array
 * while its pages are the same ones, so what is worked out from it is kept.
 */
export function useLoadedPages(
  pages: readonly LibraryPage[] | undefined,
  jumped: ReadonlyMap<number, JumpedPage>,
): readonly LibraryPage[] {
  const now = [
    ...(pages ?? []),
    ...[...jumped]
      .filter(([index]) => index >= (pages?.length ?? 0))
      .sort(([a], [b]) => a - b)
      .flatMap(([, jump]) => (jump.page ? [jump.page] : [])),
  ];
  const [kept, setKept] = useState(now);
  const same = kept.length === now.length && kept.every((page, at) => page === now[at]);
  if (!same) setKept(now);
  return same ? kept : now;
}

/** The loaded products of a search as the cache holds them now (after edits were flushed). */
export function cachedLoadedProducts(
  queryClient: QueryClient,
  term: string,
  gap: CatalogueGap | null,
  jumpedIndexes: Iterable<number>,
): Product[] {
  const keys = [
    librarySearchQueryKey(term, gap),
    ...[...jumpedIndexes].map((index) => libraryJumpQueryKey(term, gap, index * LIBRARY_PAGE_SIZE)),
  ];
  return keys.flatMap(
    (key) =>
      queryClient.getQueryData<LibraryPages>(key)?.pages.flatMap((page) => page.products) ?? [],
  );
}

/** The term searched for what is in the box: trimmed, and no longer than the server takes. */
function searchTerm(typed: string): string {
  return typed.trim().slice(0, LIBRARY_SEARCH_MAX);
}

/**
 * The search box. What is typed shows at once, and its term's first page is asked for at once
 * (`fetchFirstPage`). The results follow when that page is in and the box still holds the term,
 * so a term typed past is never drawn, and keys pressed together (a burst, a key held down)
 * draw only the last. The term searched is kept in the address as `?q=` (a reload or a shared
 * link keeps it). There is no pause timer: drawing the previous term's results held a timer back
 * by ~100 ms, and the last key's request with it.
 */
export function useLibrarySearch(fetchFirstPage: (term: string) => Promise<unknown>) {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('q') ?? '';
  const [typed, setTypedState] = useState(inAddress);
  // What is searched: set when its page is in, not when the address has followed (the router
  // applies its changes as a transition, which waits behind any work still under way).
  const [searched, setSearched] = useState(inAddress);
  const navigation = useNavigationType();
  const [seen, setSeen] = useState(inAddress);
  // The address changed from outside (a link, back or forward): the box and the search follow
  // it. Its own writes (replacements) land after the page, when the seller may have typed on:
  // those must not take the box back.
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (navigation !== NavigationType.Replace) {
      setTypedState(inAddress);
      setSearched(inAddress);
    }
  }

  // What the box holds now, for answers that come back after more keys; and whether the screen
  // is still there to take them (a late answer must not rewrite another page's address).
  const latest = useRef(typed);
  const mounted = useRef(false);
  useEffect(() => {
    latest.current = typed;
  }, [typed]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const search = (text: string) => {
    setSearched(text);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set('q', text);
        else next.delete('q');
        return next;
      },
      // Each keystroke is not a page of its own in the history.
      { replace: true },
    );
  };

  const setTyped = (next: string) => {
    setTypedState(next);
    latest.current = next;
    const term = searchTerm(next);
    if (term === searchTerm(searched)) {
      search(next);
      return;
    }
    void fetchFirstPage(term).finally(() => {
      if (mounted.current && latest.current === next) search(next);
    });
  };

  return {
    typed,
    setTyped,
    term: searchTerm(searched),
    /** The box holds another term than the one listed: its results are on their way. */
    typedOn: searchTerm(typed) !== searchTerm(searched),
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
 * back, and only once the search's first page is in (`listed`): asked side by side, the count
 * (a pass over every match) took the server first as often as not. While a new term's counts
 * load, the last ones stay (and the focus on a filter button); a failure shows no filters
 * rather than an error, since the list itself still works.
 */
export function useGapCounts(term: string, listed: boolean): GapCounts | null {
  const query = useQuery({
    queryKey: libraryGapsSearchQueryKey(term),
    queryFn: ({ signal }) => libraryApi.gaps(term, signal),
    enabled: listed,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.gaps ?? null;
}
