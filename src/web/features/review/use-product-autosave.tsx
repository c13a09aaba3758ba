import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ProductPatch } from '#domain/products';
import { endSessionOnUnauthorized } from '#web/lib/session-end';
import { reviewApi } from './api';
import { ProductAutosaver, type SaveStatus } from './autosave-store';
import { applyEditToCache, replaceCachedProduct } from './product-cache';

const AutosaveContext = createContext<ProductAutosaver | null>(null);

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * One autosaver per query client (that is, per app), so that saves and retries still under way
 * when the seller leaves the review screen carry on and are not duplicated when they come back.
 */
const autosavers = new WeakMap<QueryClient, ProductAutosaver>();

function autosaverFor(queryClient: QueryClient, debounceMs: number | undefined): ProductAutosaver {
  let autosaver = autosavers.get(queryClient);
  if (!autosaver) {
    autosaver = new ProductAutosaver({
      // Saves bypass the query cache, so they hand a 401 to the app's handler themselves; the
      // edit stays stored and is sent again once the seller is back.
      send: (id, patch, options) =>
        reviewApi.patchProduct(id, patch, options).catch((error: unknown) => {
          endSessionOnUnauthorized(queryClient, error);
          throw error;
        }),
      onConfirmed: (product) => replaceCachedProduct(queryClient, product),
      storage: browserStorage(),
      debounceMs,
    });
    autosavers.set(queryClient, autosaver);
  }
  return autosaver;
}

/**
 * Provides the autosaver to the cards. Unconfirmed edits are sent at once when the page is
 * hidden or closed (keepalive) and when the screen unmounts (navigation inside the app).
 */
export function AutosaveProvider({
  children,
  debounceMs,
}: {
  children: ReactNode;
  /** Tests shorten the wait; the app uses the default (about 600 ms). */
  debounceMs?: number;
}) {
  const queryClient = useQueryClient();
  const [autosaver] = useState(() => autosaverFor(queryClient, debounceMs));

  useEffect(() => {
    const sendBeforeLeaving = () => void autosaver.flushAll({ keepalive: true });
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') sendBeforeLeaving();
    };
    window.addEventListener('pagehide', sendBeforeLeaving);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', sendBeforeLeaving);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      void autosaver.flushAll();
    };
  }, [autosaver]);

  return <AutosaveContext.Provider value={autosaver}>{children}</AutosaveContext.Provider>;
}

export function useAutosaver(): ProductAutosaver {
  const autosaver = useContext(AutosaveContext);
  if (!autosaver) throw new Error('useAutosaver needs an AutosaveProvider');
  return autosaver;
}

/** One card's view of autosave: its unconfirmed edit, its save status and `edit`. */
export function useProductAutosave(productId: string): {
  unconfirmedEdit: ProductPatch | undefined;
  status: SaveStatus;
  edit: (patch: ProductPatch) => void;
} {
  const autosaver = useAutosaver();
  const queryClient = useQueryClient();
  const unconfirmedEdit = useSyncExternalStore(autosaver.subscribe, () =>
    autosaver.unconfirmedEdit(productId),
  );
  const status = useSyncExternalStore(autosaver.subscribe, () => autosaver.status(productId));
  const edit = useCallback(
    (patch: ProductPatch) => {
      applyEditToCache(queryClient, productId, patch);
      autosaver.edit(productId, patch);
    },
    [autosaver, productId, queryClient],
  );
  return { unconfirmedEdit, status, edit };
}
