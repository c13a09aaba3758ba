import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardMounter } from './card-mounting';

/** An IntersectionObserver the test drives: `show` reports elements near the screen. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly watched = new Set<Element>();
  constructor(private readonly report: (entries: IntersectionObserverEntry[]) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element): void {
    this.watched.add(element);
  }
  unobserve(element: Element): void {
    this.watched.delete(element);
  }
  disconnect(): void {
    this.watched.clear();
  }
  show(elements: Element[]): void {
    this.report(
      elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
    );
  }
}

/** List items as the review list tracks them; a card drawn whole is tracked again, not light. */
function cards(mounter: CardMounter, ids: string[], light = true) {
  const drawn: string[] = [];
  const elements = new Map<string, Element>();
  for (const id of ids) {
    const element = document.createElement('li');
    elements.set(id, element);
    let untrack = mounter.track(id, element, light && !mounter.isWhole(id));
    mounter.subscribe(id, () => {
      drawn.push(id);
      untrack();
      untrack = mounter.track(id, element, false);
    });
  }
  return { drawn, elements };
}

describe('which review cards are drawn whole', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('draws the first screen whole at once and the rest a few per turn, near ones first', () => {
    const mounter = new CardMounter();
    const ids = Array.from({ length: 10 }, (_, at) => `p${at}`);
    mounter.wholeFromStart(['p0', 'p1']);
    const { drawn, elements } = cards(mounter, ids);
    expect(ids.filter((id) => mounter.isWhole(id))).toEqual(['p0', 'p1']);

    // The seller jumped down: the cards near the screen go first.
    FakeObserver.last!.show([elements.get('p8')!, elements.get('p9')!]);
    vi.advanceTimersToNextTimer();
    expect(drawn).toEqual(['p8', 'p9', 'p2']);

    vi.runAllTimers();
    expect(ids.every((id) => mounter.isWhole(id))).toBe(true);
    expect(new Set(drawn).size).toBe(8);
  });

  it('draws a card whole on demand (the keyboard goes into it), and only once', () => {
    const mounter = new CardMounter();
    const { drawn } = cards(mounter, ['a', 'b', 'c']);
    mounter.mountNow('c');
    expect(drawn).toEqual(['c']);
    mounter.mountNow('c');
    vi.runAllTimers();
    expect(drawn.filter((id) => id === 'c')).toEqual(['c']);
  });

  it('makes a pending card near the screen whole at once, for when it turns ready', () => {
    const mounter = new CardMounter();
    const { drawn, elements } = cards(mounter, ['pending'], false);
    FakeObserver.last!.show([elements.get('pending')!]);
    vi.runAllTimers();
    expect(mounter.isWhole('pending')).toBe(true);
    expect(drawn).toEqual(['pending']);
  });

  it('draws every card whole where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(new CardMounter().isWhole('any')).toBe(true);
  });
});
