import type { GuidanceItem } from '#domain/listing-draft';
import type { Product } from '#domain/products';
import { shouldAskWhatItIs } from './what-is-this-field';

export const GUIDANCE_HEADING = 'Before you publish';

/**
 * The guidance the card lists, less what the card already asks outright: the name and the
 * category while 'What is this?' asks (its kinds confirm a category too).
 */
export function guidanceShown(product: Product): GuidanceItem[] {
  if (!shouldAskWhatItIs(product)) return product.guidance;
  return product.guidance.filter(
    (item) => item.kind !== 'confirm-category' && item.kind !== 'name-product',
  );
}

/**
 * What the seller should check or add ('Add the size.'), apart from the listing fields: none
 * of it is exported or published. Nothing shows when there is nothing to do.
 */
export function GuidanceList({ items, productId }: { items: GuidanceItem[]; productId: string }) {
  if (items.length === 0) return null;
  const headingId = `guidance-${productId}`;
  return (
    // A group, not a landmark: every card has one, and landmarks' names must tell them apart.
    <div
      role="group"
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-1 text-xs leading-snug text-amber-900"
    >
      {/* Heading and items run on as one short paragraph: a list a line each made the card tall. */}
      <h2 id={headingId} className="mr-1.5 inline font-semibold">
        {GUIDANCE_HEADING}
      </h2>
      <ul className="inline">
        {items.map((item) => (
          <li
            key={item.kind}
            data-kind={item.kind}
            className="inline not-first:before:mx-1.5 not-first:before:text-amber-500 not-first:before:content-['•']"
          >
            {item.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
