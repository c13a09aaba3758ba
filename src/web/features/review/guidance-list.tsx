import type { GuidanceItem } from '#domain/listing-draft';

export const GUIDANCE_HEADING = 'Before you publish';

/**
 * What the seller should check or add ('Add the size.'), apart from the listing fields: none
 * of it is exported or published. Nothing shows when there is nothing to do.
 */
export function GuidanceList({ items, productId }: { items: GuidanceItem[]; productId: string }) {
  if (items.length === 0) return null;
  const headingId = `guidance-${productId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900"
    >
      <h3 id={headingId} className="font-semibold">
        {GUIDANCE_HEADING}
      </h3>
      <ul className="mt-0.5 list-disc pl-4 leading-snug">
        {items.map((item) => (
          <li key={item.kind} data-kind={item.kind}>
            {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
