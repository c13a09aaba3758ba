import { lazy, type ComponentType } from 'react';

interface Module<T> {
  default: T;
}

/**
 * A lazily loaded component whose code can be fetched before its first render, and then renders
 * at once. React's `lazy` takes a module handed over synchronously by the thenable its loader
 * returns; a settled promise would still suspend once, and React holds each reveal after a
 * suspension back until 300 ms after the last fallback (its fallback throttle): on a first
 * load that was paid twice, session check and screen (ADR 029).
 */
export function preloadable<P extends object>(load: () => Promise<Module<ComponentType<P>>>) {
  type Loaded = Module<ComponentType<P>>;
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const preload = (): Promise<Loaded> =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed fetch (a deploy, the network) is tried again by the next render.
        loading = undefined;
        throw error;
      },
    ));
  const Component = lazy(() => (loaded ? handedOver(loaded) : preload()));
  return { Component, preload };
}

/** A thenable that calls back at once, typed as the promise `lazy` expects. */
function handedOver<M>(value: M): Promise<M> {
  const thenable = {
    then(onFulfilled: (value: M) => unknown) {
      onFulfilled(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<M>;
}
