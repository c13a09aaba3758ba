/**
 * Which of the review's ready cards are drawn whole (ADR 029). Every product has its list item
 * and an article from the start; a ready card far from the screen is first a light one (its
 * name and photo) and is drawn whole in its turn: those near the screen first (an
 * IntersectionObserver), then the rest from the top, a few at a time. Each few are a transition,
 * which React renders in slices of a few milliseconds between which the browser handles input
 * and paints, and commits together; the next few start once they are on the page. So a hundred
 * cards are on the page at once, the screen's whole at once, and building the rest never holds
 * the page up; a card is never made light again.
 */
import { startTransition, useEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** How far beyond the screen a light card counts as near: about two cards above and below. */
const NEAR_MARGIN = '100% 0px';
/** Cards drawn whole in one transition: their commit (DOM insertion and effects) is one task. */
const CARDS_PER_TURN = 3;

interface Entry {
  element: Element;
  /** A ready card drawn light, waiting for its turn. */
  light: boolean;
}

export class CardMounter {
  private readonly whole = new Set<string>();
  private readonly entries = new Map<string, Entry>();
  private readonly ids = new WeakMap<Element, string>();
  private readonly near = new Set<string>();
  private readonly listeners = new Map<string, () => void>();
  /** Cards asked to be drawn whole whose transition has not committed yet. */
  private readonly drawing = new Set<string>();
  private readonly observer: IntersectionObserver | null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    // Without an observer (old browsers, jsdom) every card is whole from the start.
    this.observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver((seen) => this.onSeen(seen), { rootMargin: NEAR_MARGIN });
  }

  isWhole(id: string): boolean {
    return this.observer === null || this.whole.has(id);
  }

  /** Cards drawn whole from their first render (the top of the list fills the first screen). */
  wholeFromStart(ids: readonly string[]): void {
    ids.forEach((id) => this.whole.add(id));
  }

  /** `listener` draws the card whole. */
  subscribe(id: string, listener: () => void): () => void {
    this.listeners.set(id, listener);
    return () => {
      if (this.listeners.get(id) === listener) this.listeners.delete(id);
    };
  }

  /**
   * A card's list item, as drawn now (light: a ready card waiting for its turn). Near the
   * screen, a pending card is made whole at once, so it is drawn whole the moment it turns ready.
   */
  track(id: string, element: Element, light: boolean): () => void {
    this.entries.set(id, { element, light });
    this.ids.set(element, id);
    this.observer?.observe(element);
    // Drawn whole: its turn is over, and the next few may go.
    if (!light && this.drawing.delete(id) && this.drawing.size === 0) this.schedule();
    if (light) this.schedule();
    return () => {
      this.observer?.unobserve(element);
      if (this.entries.get(id)?.element === element) this.entries.delete(id);
      this.near.delete(id);
      if (this.drawing.delete(id) && this.drawing.size === 0) this.schedule();
    };
  }

  /** Draws a card whole now (the keyboard is about to go into it); keeps its `this`. */
  readonly mountNow = (id: string): void => {
    const entry = this.entries.get(id);
    if (this.isWhole(id) && !(entry?.light ?? false)) return;
    this.whole.add(id);
    flushSync(() => this.listeners.get(id)?.());
  };

  disconnect(): void {
    this.observer?.disconnect();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private onSeen(seen: IntersectionObserverEntry[]): void {
    for (const entry of seen) {
      const id = this.ids.get(entry.target);
      if (id === undefined) continue;
      if (!entry.isIntersecting) {
        this.near.delete(id);
        continue;
      }
      this.near.add(id);
      if (this.entries.get(id)?.light || this.whole.has(id)) continue;
      // A pending or failed card: drawn the same either way, so at once.
      this.whole.add(id);
      this.listeners.get(id)?.();
    }
    this.schedule();
  }

  /** The next cards to draw whole: near the screen first, then from the top of the list. */
  private nextTurn(): string[] {
    const waiting = [...this.entries]
      .filter(([id, entry]) => entry.light && !this.whole.has(id))
      .map(([id]) => id);
    const near = waiting.filter((id) => this.near.has(id));
    return [...near, ...waiting.filter((id) => !this.near.has(id))].slice(0, CARDS_PER_TURN);
  }

  private schedule(): void {
    if (this.timer !== null || this.drawing.size > 0 || this.observer === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const turn = this.nextTurn();
      turn.forEach((id) => {
        this.whole.add(id);
        this.drawing.add(id);
      });
      startTransition(() => turn.forEach((id) => this.listeners.get(id)?.()));
    }, 0);
  }
}

/** One mounter for the review screen: its list and the header's 'Next to answer' share it. */
export function useCardMounter(): CardMounter {
  const [mounter] = useState(() => new CardMounter());
  useEffect(() => () => mounter.disconnect(), [mounter]);
  return mounter;
}

/**
 * Whether a card is drawn whole; its list item (`ref`) is watched so it becomes whole in its
 * turn. Only this card renders again when it does.
 */
export function useWholeCard(
  mounter: CardMounter,
  id: string,
  ready: boolean,
  ref: RefObject<Element | null>,
): boolean {
  const [whole, setWhole] = useState(() => mounter.isWhole(id));
  useEffect(() => mounter.subscribe(id, () => setWhole(true)), [mounter, id]);
  const light = ready && !whole;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return mounter.track(id, element, light);
  }, [mounter, id, light, ref]);
  return whole;
}
