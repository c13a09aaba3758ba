import {
  MutationCache,
  notifyManager,
  QueryCache,
  QueryClient,
  type DefaultOptions,
} from '@tanstack/react-query';
import { endSessionOnUnauthorized, isUnauthorized } from './session-end';

/**
 * TanStack Query hands each batch of notifications to a `setTimeout(0)` of its own. Every
 * `useMutation` notifies its cache each time its component renders, so mounting a hundred cards
 * (several mutations each) set a thousand timers: 50 ms of calls to `setTimeout` alone, and a
 * thousand small tasks queued between the slices (ADR 029). The batches still run in order, in
 * a later task, but in one task per burst.
 */
let scheduled: (() => void)[] = [];
notifyManager.setScheduler((callback) => {
  scheduled.push(callback);
  if (scheduled.length > 1) return;
  setTimeout(() => {
    const batches = scheduled;
    scheduled = [];
    batches.forEach((batch) => batch());
  }, 0);
});

/** TanStack's three retries, but not of a 401: asking again cannot bring the session back. */
function retryUnlessUnauthorized(failures: number, error: unknown): boolean {
  return !isUnauthorized(error) && failures < 3;
}

/**
 * The app's query defaults. Mutations run even when the browser says it is offline: TanStack's
 * default ('online') pauses them until the connection returns, which left 'Signing in…' spinning
 * with no message (issue 18); a failed fetch now fails at once and the screen says why.
 */
export const APP_QUERY_DEFAULTS = {
  queries: { refetchOnWindowFocus: true, staleTime: 10_000, retry: retryUnlessUnauthorized },
  mutations: { networkMode: 'always' },
} satisfies DefaultOptions;

/** The app's cache: its defaults, and one 401 handler for every query and mutation. */
export function createAppQueryClient(overrides: DefaultOptions = {}): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => endSessionOnUnauthorized(queryClient, error),
    }),
    mutationCache: new MutationCache({
      // A sign-in's 401 is its answer (a wrong password), not the end of a session.
      onError: (error, _variables, _result, mutation) => {
        if (mutation.meta?.credentialCheck) return;
        endSessionOnUnauthorized(queryClient, error);
      },
    }),
    defaultOptions: {
      queries: { ...APP_QUERY_DEFAULTS.queries, ...overrides.queries },
      mutations: { ...APP_QUERY_DEFAULTS.mutations, ...overrides.mutations },
    },
  });
  return queryClient;
}
