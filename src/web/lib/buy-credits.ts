import { create } from 'zustand';

interface BuyCreditsState {
  isOpen: boolean;
  /** Set once the dialog opened by itself (no credits on /create), so it does so only once. */
  openedAutomatically: boolean;
  open(): void;
  close(): void;
  /** Opens the dialog unless it already opened by itself in this visit of the app. */
  openAutomaticallyOnce(): void;
}

/**
 * The one Buy Credits dialog (mounted in the app layout) is opened from anywhere: the sidebar
 * counter, the no-credits panel, the review screen, the account page.
 */
export const useBuyCredits = create<BuyCreditsState>((set, get) => ({
  isOpen: false,
  openedAutomatically: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
  openAutomaticallyOnce: () => {
    if (get().openedAutomatically) return;
    set({ isOpen: true, openedAutomatically: true });
  },
}));
