import { useState } from 'react';
import { Dialog } from '#web/components/ui/dialog';
import type { Product } from '#domain/products';
import { ExpandIcon } from './icons';

/** The card's first image; the enlarge button opens the display-size image in a lightbox. */
export function ProductImage({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  const name = product.title || product.fileName;
  return (
    <div className="relative size-40 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
      <img
        src={product.thumbnailUrl}
        alt={product.altText}
        className="size-full object-cover"
        loading="lazy"
      />
      <button
        type="button"
        aria-label="Enlarge image"
        onClick={() => setOpen(true)}
        className="absolute right-2 bottom-2 inline-flex size-8 items-center justify-center rounded-md bg-white/90 text-slate-700 shadow-sm hover:bg-white"
      >
        <ExpandIcon className="size-4" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={name} className="w-[min(92vw,64rem)]">
        <img
          src={product.imageUrl}
          alt={product.altText}
          className="mx-auto max-h-[75vh] w-auto rounded-lg object-contain"
        />
      </Dialog>
    </div>
  );
}
