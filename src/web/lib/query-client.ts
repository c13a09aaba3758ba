import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * The app's query defaults. Mutations run even when the browser says it is offline: TanStack's
 * default ('online') pauses them until the connection returns, which left 'Signing in…' spinning
 * with no message (issue 18); a failed fetch now fails at once and the screen says why.
 */
export const APP_QUERY_DEFAULTS = {
  queries: { refetchOnWindowFocus: true, staleTime: 10_000 },
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;

export function createAppQueryClient(overrides: DefaultOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...APP_QUERY_DEFAULTS.queries, ...overrides.queries },
      mutations: { ...APP_QUERY_DEFAULTS.mutations, ...overrides.mutations },
    },
  });
}
