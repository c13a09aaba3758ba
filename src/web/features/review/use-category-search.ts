import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { TAXONOMY_SEARCH_LIMITS } from '#domain/taxonomy-search';
import { reviewApi } from './api';

/** Typing pauses this long before the search is sent. */
export const CATEGORY_SEARCH_DEBOUNCE_MS = 250;

/**
 * Taxonomy search for what the seller types, debounced; nothing is asked below 2 characters.
 * `searching` covers both the pause and the request; the previous answer stays meanwhile.
 * `as: 'kind'`: the text is the seller's words for the product (api.ts).
 */
export function useCategorySearch(text: string, as?: 'kind') {
  const query = text.trim().slice(0, TAXONOMY_SEARCH_LIMITS.queryMax);
  const [debounced, setDebounced] = useState(query);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), CATEGORY_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const active = query.length >= TAXONOMY_SEARCH_LIMITS.queryMin;
  const result = useQuery({
    queryKey: ['taxonomy', 'categories', debounced, as],
    queryFn: () => reviewApi.searchCategories(debounced, as),
    enabled: debounced.length >= TAXONOMY_SEARCH_LIMITS.queryMin,
    // The taxonomy ships with the server: an answer stays right for the session.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

  const settled = debounced === query && !result.isFetching;
  return {
    /** Whether the text is long enough to search. */
    active,
    /** The text the shown answer is for, once settled. */
    query,
    searching: active && !settled,
    categories: active ? result.data : undefined,
    error: active && settled && result.isError ? result.error : null,
  };
}
