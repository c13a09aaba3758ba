import { useSyncExternalStore } from 'react';

/** Spec section 3: the dismissed premium-offer card is remembered under this local storage flag. */
export const PREMIUM_CARD_FLAG = 'premium-card-dismissed';

const listeners = new Set<() => void>();

function readFlag(): boolean {
  try {
    return localStorage.getItem(PREMIUM_CARD_FLAG) === 'true';
  } catch {
    // Storage blocked (private mode): the card simply shows again.
    return false;
  }
}

function writeFlag(dismissed: boolean): void {
  try {
    if (dismissed) localStorage.setItem(PREMIUM_CARD_FLAG, 'true');
    else localStorage.removeItem(PREMIUM_CARD_FLAG);
  } catch {
    // As above: nothing to remember it in.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab dismissing the card hides it here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function usePremiumCardDismissed(): boolean {
  return useSyncExternalStore(subscribe, readFlag, () => false);
}

export const dismissPremiumCard = () => writeFlag(true);

/** A premium cancellation shows the offer again (spec section 4). */
export const forgetPremiumCardDismissal = () => writeFlag(false);
