import { useRef, useState, type ReactNode } from 'react';
import type { Product } from '#domain/products';
import { ExpandIcon } from './icons';
import { PhotoLightbox } from './photo-lightbox';
import { PhotoStrip } from './photo-strip';
import { useReorderPhotos } from './use-photo-actions';

/**
 * The card's photos: the main one large, with the selection tick on its corner and an enlarge
 * button that opens every photo in a lightbox; under it, when there are several, a strip of
 * thumbnails to open, drag or move from the keyboard.
 */
export function ProductImage({
  product,
  readOnly = false,
  selectControl,
}: {
  product: Product;
  readOnly?: boolean;
  selectControl?: ReactNode;
}) {
  const { photos, move } = useReorderPhotos(product);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const name = product.title || product.fileName;
  const main = photos[0];

  const open = (index: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setLightbox(index);
  };

  return (
    <div className="flex w-40 flex-col gap-1.5">
      <div className="relative size-40 shrink-0 overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        {selectControl}
        {main && (
          <img
            src={main.thumbUrl}
            alt={product.altText}
            className="size-full object-cover"
            loading="lazy"
          />
        )}
        <button
          type="button"
          aria-label={photos.length > 1 ? `Enlarge photos (${photos.length})` : 'Enlarge image'}
          title={photos.length > 1 ? `See all ${photos.length} photos` : 'Enlarge image'}
          onClick={() => open(0)}
          className="absolute right-2 bottom-2 inline-flex h-8 min-w-8 items-center justify-center gap-1 rounded-md bg-white/90 px-1.5 text-xs font-medium text-slate-700 shadow-sm hover:bg-white"
        >
          <ExpandIcon className="size-4" />
          {photos.length > 1 && <span aria-hidden="true">{photos.length}</span>}
        </button>
      </div>
      {photos.length > 1 && (
        <PhotoStrip photos={photos} editable={!readOnly} onMove={move} onOpen={open} />
      )}
      {lightbox !== null && (
        <PhotoLightbox
          title={name}
          altText={product.altText}
          photos={photos}
          startIndex={lightbox}
          onClose={() => setLightbox(null)}
          returnFocusTo={opener}
          {...(readOnly ? {} : { onMakeMain: (index: number) => move(index, 0) })}
        />
      )}
    </div>
  );
}
