import { useEffect, useEffectEvent } from 'react';
import type { Product } from '#domain/products';
import { unreadyProducts } from '#domain/readiness';
import { Button } from '#web/components/ui/button';
import { FIRST_QUESTION_ATTRIBUTE } from './kind-question';

export const NEXT_TO_ANSWER = 'Next to answer';
/** Shown on the button and announced with it (aria-keyshortcuts). */
export const NEXT_TO_ANSWER_SHORTCUT = 'Alt+N';

/** Each card's list item carries its product's id, so the header can find the card. */
export const PRODUCT_ID_ATTRIBUTE = 'data-product-id';

/**
 * Where a card's first question is: the kind buttons or the seller's words ('What is this?'),
 * the category to confirm, then the price; else the card's first field.
 */
const QUESTION_SELECTORS = [
  `[${FIRST_QUESTION_ATTRIBUTE}]`,
  'select',
  'input[inputmode="decimal"]',
  'input:not([type="checkbox"]), textarea',
];

function firstQuestion(card: Element): HTMLElement | null {
  for (const selector of QUESTION_SELECTORS) {
    const found = card.querySelector<HTMLElement>(selector);
    if (found) return found;
  }
  return null;
}

/**
 * The card after the one holding focus (or the first) whose product still needs something,
 * wrapping round: answering one after another never needs the mouse.
 */
function focusNextToAnswer(
  listIds: readonly string[],
  needing: ReadonlySet<string>,
  mountCard: (id: string) => void,
): void {
  const current = document.activeElement
    ?.closest(`[${PRODUCT_ID_ATTRIBUTE}]`)
    ?.getAttribute(PRODUCT_ID_ATTRIBUTE);
  const start = current ? listIds.indexOf(current) + 1 : 0;
  const ordered = [...listIds.slice(start), ...listIds.slice(0, start)];
  // The focused card itself only when no other needs anything.
  const nextId = ordered.find((id) => needing.has(id) && id !== current) ?? current;
  if (!nextId || !needing.has(nextId)) return;
  // A card far down may still be drawn light: its fields are needed now.
  mountCard(nextId);
  const card = document.querySelector(`[${PRODUCT_ID_ATTRIBUTE}="${CSS.escape(nextId)}"]`);
  const target = card ? firstQuestion(card) : null;
  target?.focus();
  target?.scrollIntoView?.({ block: 'center' });
}

/**
 * 'Next to answer (Alt+N)' in the review header: focus goes to the first question of the next
 * product that still needs something. Shown while any does; the shortcut works from anywhere on
 * the screen, fields included (Alt+N types nothing there).
 */
export function NextToAnswer({
  products,
  mountCard,
}: {
  products: readonly Product[];
  /** Draws a card whole at once (the list draws far cards light at first). */
  mountCard: (id: string) => void;
}) {
  const needing = new Set(unreadyProducts(products).map(({ product }) => product.id));
  const listIds = products.map((product) => product.id);
  const jump = useEffectEvent(() => focusNextToAnswer(listIds, needing, mountCard));

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // The key's place, not its character: on a Mac, Alt+N types a dead key.
      if (event.code !== 'KeyN') return;
      event.preventDefault();
      jump();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (needing.size === 0) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-keyshortcuts={NEXT_TO_ANSWER_SHORTCUT}
      onClick={() => focusNextToAnswer(listIds, needing, mountCard)}
    >
      {NEXT_TO_ANSWER}
      <kbd className="rounded border border-slate-300 bg-slate-50 px-1 font-sans text-xs text-slate-600">
        {NEXT_TO_ANSWER_SHORTCUT}
      </kbd>
    </Button>
  );
}
