/**
 * Attributes a seller confirms in a click (issue 13): for the product's category, its most
 * useful attributes (src/domain/product-attributes.ts). A value the draft already read (the
 * colour from the pixels, the brand from the label) waits as a chip to confirm; any other is
 * typed, with the taxonomy's values offered as the seller types, and a value of their own is
 * fine. A confirmed value is a chip that removes it; the server then drafts the unedited text
 * fields again from the list.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import {
  PRODUCT_ATTRIBUTE_LIMITS,
  attributeValue,
  withAttribute,
  type CategoryAttribute,
  type ConfirmedAttribute,
} from '#domain/product-attributes';
import type { Product } from '#domain/products';
import { needsCategoryConfirmation } from '#domain/readiness';
import { reviewApi } from './api';

export const ATTRIBUTES_HEADING = 'Attributes';

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the draft read for an attribute, to confirm in a click; null when it read nothing. */
export function suggestedValue(product: Product, name: string): string | null {
  const read = product.attributes;
  if (!read) return null;
  const byName: Record<string, string | null | undefined> = {
    color: read.colors[0],
    material: read.material,
    brand: read.brand,
    size: read.size,
  };
  const value = byName[name.toLowerCase()];
  return value ? capitalise(value) : null;
}

const chipClass = 'rounded-full border px-2 py-0.5 text-xs focus-visible:outline-2';

function AttributeRow({
  attribute,
  confirmed,
  suggested,
  onSet,
}: {
  attribute: CategoryAttribute;
  confirmed: string | null;
  suggested: string | null;
  onSet: (value: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const { name } = attribute;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Never submits a form around the card.
    event.preventDefault();
    const value = text.replace(/\s+/g, ' ').trim();
    if (value === '') return;
    setText('');
    onSet(value);
  };

  return (
    <li className="flex flex-wrap items-center gap-1.5">
      <span id={`${id}-name`} className="w-24 shrink-0 text-xs text-slate-600">
        {name}
      </span>
      {confirmed !== null ? (
        <button
          type="button"
          className={`${chipClass} border-emerald-600 bg-emerald-50 text-emerald-900`}
          aria-label={`Remove ${name}: ${confirmed}`}
          onClick={() => onSet(null)}
        >
          {confirmed} <span aria-hidden="true">×</span>
        </button>
      ) : (
        <>
          {suggested !== null && (
            <button
              type="button"
              className={`${chipClass} border-dashed border-slate-400 text-slate-700`}
              aria-label={`Confirm ${name}: ${suggested}`}
              onClick={() => onSet(suggested)}
            >
              {suggested}?
            </button>
          )}
          <input
            type="text"
            list={attribute.values.length > 0 ? `${id}-values` : undefined}
            aria-labelledby={`${id}-name`}
            placeholder="Type, then Enter"
            maxLength={PRODUCT_ATTRIBUTE_LIMITS.textMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            className="min-w-0 flex-1 rounded border border-slate-300 px-1.5 py-0.5 text-xs"
          />
          {attribute.values.length > 0 && (
            <datalist id={`${id}-values`}>
              {attribute.values.map((value) => (
                <option key={value} value={value} />
              ))}
            </datalist>
          )}
        </>
      )}
    </li>
  );
}

export function AttributeChips({
  product,
  onChange,
}: {
  product: Product;
  onChange: (attributes: ConfirmedAttribute[]) => void;
}) {
  const categoryId = product.category?.id;
  // A category the draft is unsure of lists attributes the product may not have: they wait
  // until it is confirmed (which also keeps the card short while it asks).
  const unsure = needsCategoryConfirmation(product);
  const attributes = useQuery({
    queryKey: ['taxonomy', 'attributes', categoryId],
    queryFn: () => reviewApi.categoryAttributes(categoryId!),
    enabled: categoryId !== undefined && !unsure,
    // The taxonomy ships with the server: an answer stays right for the session.
    staleTime: Infinity,
  });
  const headingId = useId();
  // While unsure, 'What is this?' above asks for the confirmation these wait for: no more words
  // are needed (two cards must fit a laptop screen).
  if (categoryId === undefined || unsure || !attributes.data) return null;
  const confirmed = product.confirmedAttributes;

  return (
    // A group, not a landmark: every card has one (see guidance-list.tsx).
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <h2 id={headingId} className="text-sm font-medium text-slate-700">
        {ATTRIBUTES_HEADING}
      </h2>
      <ul className="flex flex-col gap-1.5">
        {attributes.data.map((attribute) => (
          <AttributeRow
            key={attribute.name}
            attribute={attribute}
            confirmed={attributeValue(confirmed, attribute.name)}
            suggested={suggestedValue(product, attribute.name)}
            onSet={(value) => onChange(withAttribute(confirmed, attribute.name, value))}
          />
        ))}
      </ul>
    </div>
  );
}
