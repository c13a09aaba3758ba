import type { ReactNode } from 'react';
import { CheckIcon, SparklesIcon } from '../icons';

/** A static picture of a drafted listing, built from the same fields as the review screen. */
export function ListingPreview() {
  return (
    <figure className="relative">
      <div
        aria-hidden="true"
        className="absolute -inset-4 rounded-[2rem] bg-linear-to-br from-brand-100 via-violet-50 to-amber-50"
      />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/10">
        <div className="flex items-center justify-between">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
            <SparklesIcon className="size-3.5" />
            Drafted from one photo
          </span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-100">
            <CheckIcon className="size-3.5" />
            Ready to publish
          </span>
        </div>
        <div className="mt-5 grid grid-cols-[11rem_minmax(0,1fr)] gap-6">
          <img
            src="/gallery/leather-belt.webp"
            alt="Coiled tan leather belt with an antique brass buckle"
            width={480}
            height={480}
            loading="lazy"
            decoding="async"
            className="size-44 rounded-xl object-cover ring-1 ring-slate-900/5"
          />
          <dl className="space-y-4 text-sm">
            <PreviewField label="Product name">
              <span className="font-semibold text-slate-900">
                Tan Leather Belt with Antique Brass Buckle
              </span>
            </PreviewField>
            <PreviewField label="Category">
              Apparel &amp; Accessories › Clothing Accessories › Belts
            </PreviewField>
            <PreviewField label="Price">
              <span className="inline-flex items-baseline gap-2">
                <span className="text-lg font-semibold text-slate-900">$38.00</span>
                <span className="text-xs text-slate-500">suggested from comparable products</span>
              </span>
            </PreviewField>
          </dl>
        </div>
        <dl className="mt-5 border-t border-slate-100 pt-5 text-sm">
          <PreviewField label="Product description">
            A classic tan leather belt with a rounded antique-brass buckle and a matching leather
            keeper. The smooth, sturdy strap pairs easily with jeans and chinos, and its colour
            deepens beautifully with wear.
          </PreviewField>
        </dl>
      </div>
      <figcaption className="relative mt-8 text-center text-sm text-slate-500">
        An example of the listing Listsmith drafts from a single product photo.
      </figcaption>
    </figure>
  );
}

function PreviewField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 leading-6 text-slate-700">{children}</dd>
    </div>
  );
}
