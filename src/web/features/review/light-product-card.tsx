import type { Product } from '#domain/products';

/**
 * A ready card far from the screen until it is drawn whole (see card-mounting.ts): the card's
 * frame at its estimated height (the list item's intrinsic size), an empty photo box and the
 * product's name, so the page has every product in place and named (find-in-page finds it by
 * its name meanwhile). Busy: its fields are on their way.
 */
export function LightProductCard({ product }: { product: Product }) {
  const name = product.title || product.fileName;
  return (
    <article
      aria-label={name}
      aria-busy="true"
      className="flex h-96 gap-5 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="size-40 shrink-0 rounded-xl bg-slate-100" aria-hidden="true" />
      <p className="min-w-0 flex-1 truncate pt-1 text-sm font-medium text-slate-700">{name}</p>
    </article>
  );
}
