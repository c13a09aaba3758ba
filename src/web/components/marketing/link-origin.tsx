import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** The landing page for visitors arriving from generated listings (spec §2). */
export const LANDING_GENERATED_PATH = '/landing-generated';

/**
 * Router state that a public page's links carry, naming the page the visitor left. It lives in the
 * history entry, so it survives a reload and back/forward, and only in-app navigation sets it
 * (unlike `document.referrer`, which a client-side navigation never updates).
 */
export interface LinkOriginState {
  from: string;
}

const LinkOriginContext = createContext<LinkOriginState | undefined>(undefined);

/** Makes the marketing links inside it say they were followed from `origin`. */
export function LinkOriginProvider({ origin, children }: { origin: string; children: ReactNode }) {
  const state = useMemo(() => ({ from: origin }), [origin]);
  return <LinkOriginContext value={state}>{children}</LinkOriginContext>;
}

/** The `state` for a marketing link: the origin page, or nothing outside a provider. */
export function useLinkOriginState(): LinkOriginState | undefined {
  return useContext(LinkOriginContext);
}
