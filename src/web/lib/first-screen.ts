import type { QueryClient } from '@tanstack/react-query';
import { firstScreenReads, type FirstScreenRead } from '#domain/api/first-screen-reads';
import { fetchProductList, productsQueryKey } from './products';
import { fetchSession, sessionQueryKey } from './session';

/** The query each of the first screen's reads fills. */
const QUERIES: Record<FirstScreenRead, Parameters<QueryClient['prefetchQuery']>[0]> = {
  '/api/auth/get-session': { queryKey: sessionQueryKey, queryFn: fetchSession },
  '/api/products': { queryKey: productsQueryKey, queryFn: fetchProductList },
};

/**
 * What the first screen needs from the API, asked for as the app starts, side by side with the
 * screen's code (ADR 029): the reads early-requests.ts names (the session, which every screen but
 * the landing page checks, and the review's list), taking the responses the entry script began.
 * Signed out, the list answers 401, which changes nothing while no session is held
 * (session-end.ts), and the guard sends the visitor to sign-in as before.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
  for (const read of firstScreenReads(pathname)) void queryClient.prefetchQuery(QUERIES[read]);
}
