import type { QueryClient } from '@tanstack/react-query';
import { fetchProducts, productsQueryKey } from './products';
import { fetchSession, sessionQueryKey } from './session';

/**
 * What the first screen needs from the API, asked for as the app starts, side by side with the
 * screen's code (ADR 029): the session, which every screen but the landing page checks, and the
 * review's list. Signed out, the list answers 401, which changes nothing while no session is
 * held (session-end.ts), and the guard sends the visitor to sign-in as before.
 */
export function prefetchFirstScreen(queryClient: QueryClient, pathname: string): void {
  void queryClient.prefetchQuery({ queryKey: sessionQueryKey, queryFn: fetchSession });
  if (pathname === '/productlibrary') {
    void queryClient.prefetchQuery({ queryKey: productsQueryKey, queryFn: fetchProducts });
  }
}
