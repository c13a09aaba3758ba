/**
 * Which of the review's ready cards are drawn whole (ADR 029). Every product has its list item
 * and an article from the start; a ready card far from the screen is first a light one (its
 * name and photo) and becomes whole in a task of its own: those near the screen first (an
 * IntersectionObserver), then the rest from the top, a slice per task sized to fit a frame. So
 * a hundred cards are on the page at once, the screen's whole at once, and no task builds more
 * than fits in a frame; a card is never made light again.
 */
import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { nextSliceSize } from '#web/lib/use-mounted-slices';

/** How far beyond the screen a light card counts as near: about two cards above and below. */
const NEAR_MARGIN = '100% 0px';
/** The first slice after the first screen; later ones follow the cost measured. */
const FIRST_SLICE = 4;

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
  private readonly observer: IntersectionObserver | null;
  private sliceSize = FIRST_SLICE;
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

  subscribe(id: string, listener: () => void): () => void {
    this.listeners.set(id, listener);
    return () => {
      if (this.listeners.get(id) === listener) this.listeners.delete(id);
    };
  }

  /** A card's list item, light or not: near the screen, a card that turns ready is drawn whole. */
  track(id: string, element: Element, light: boolean): () => void {
    this.entries.set(id, { element, light });
    this.ids.set(element, id);
    this.observer?.observe(element);
    if (light) this.schedule();
    return () => {
      this.observer?.unobserve(element);
      if (this.entries.get(id)?.element === element) this.entries.delete(id);
      this.near.delete(id);
    };
  }

  /** Draws a card whole now (the keyboard is about to go into it); keeps its `this`. */
  readonly mountNow = (id: string): void => {
    if (this.isWhole(id)) return;
    flushSync(() => this.makeWhole([id]));
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
      // A pending or failed card near the screen is drawn whole the moment it turns ready.
      if (!this.entries.get(id)?.light) this.whole.add(id);
    }
    this.schedule();
  }

  private makeWhole(ids: readonly string[]): void {
    for (const id of ids) {
      this.whole.add(id);
      const entry = this.entries.get(id);
      if (entry) entry.light = false;
      this.listeners.get(id)?.();
    }
  }

  /** The next cards to draw whole: near the screen first, then from the top of the list. */
  private nextSlice(): string[] {
    const waiting = [...this.entries].filter(([id, entry]) => entry.light && !this.whole.has(id));
    const near = waiting.filter(([id]) => this.near.has(id));
    return [...near, ...waiting.filter(([id]) => !this.near.has(id))]
      .slice(0, this.sliceSize)
      .map(([id]) => id);
  }

  private schedule(): void {
    if (this.timer !== null || this.observer === null) return;
    // A task of its own (not the next frame): slices follow each other as fast as the browser
    // lets them, each short enough to leave room for input and painting.
    this.timer = setTimeout(() => {
      this.timer = null;
      const slice = this.nextSlice();
      if (slice.length === 0) return;
      const startedAt = performance.now();
      // Rendered and committed in this task, so what it cost is measured here.
      flushSync(() => this.makeWhole(slice));
      this.sliceSize = nextSliceSize(slice.length, performance.now() - startedAt);
      this.schedule();
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
 * Whether a card is drawn whole; its list item (`ref`) is watched so it becomes whole near the
 * screen. Only this card renders again when it does.
 */
export function useWholeCard(
  mounter: CardMounter,
  id: string,
  ready: boolean,
  ref: RefObject<Element | null>,
): boolean {
  const subscribe = useCallback(
    (listener: () => void) => mounter.subscribe(id, listener),
    [mounter, id],
  );
  const whole = useSyncExternalStore(subscribe, () => mounter.isWhole(id));
  const light = ready && !whole;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return mounter.track(id, element, light);
  }, [mounter, id, light, ref]);
  return whole;
}
