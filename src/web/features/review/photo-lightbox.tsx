import { useEffect, useState, type RefObject } from 'react';
import type { ProductPhoto } from '#domain/products';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/**
 * The product's photos large, one at a time: previous and next buttons and the arrow keys step
 * through them (round from the last to the first), Escape closes and focus goes back to what
 * opened it. 'Make main photo' moves the shown photo to the front.
 */
export function PhotoLightbox({
  title,
  altText,
  photos,
  startIndex,
  onClose,
  returnFocusTo,
  onMakeMain,
}: {
  title: string;
  /** The main photo's alt text; the others are described by their place. */
  altText: string;
  photos: readonly ProductPhoto[];
  startIndex: number;
  onClose(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Absent on a read-only card. */
  onMakeMain?: (index: number) => void;
}) {
  const [index, setIndex] = useState(startIndex);
  const count = photos.length;
  const shown = Math.min(index, count - 1);
  const photo = photos[shown];
  const several = count > 1;

  useEffect(() => {
    if (!several) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') setIndex((current) => (current - 1 + count) % count);
      else if (event.key === 'ArrowRight') setIndex((current) => (current + 1) % count);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [several, count]);

  if (!photo) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      returnFocusTo={returnFocusTo}
      className="w-[min(92vw,64rem)]"
    >
      <div className="relative flex items-center justify-center">
        <img
          src={photo.url}
          alt={shown === 0 ? altText : `${title}, photo ${shown + 1} of ${count}`}
          className="mx-auto max-h-[70vh] w-auto rounded-lg object-contain"
        />
        {several && (
          <>
            <LightboxArrow
              side="left"
              onClick={() => setIndex((shown - 1 + count) % count)}
              label="Previous photo"
            />
            <LightboxArrow
              side="right"
              onClick={() => setIndex((shown + 1) % count)}
              label="Next photo"
            />
          </>
        )}
      </div>
      {several && (
        <div className="mt-3 flex items-center justify-between gap-4 text-sm text-slate-600">
          <p aria-live="polite">
            <span className="font-medium text-slate-900">
              Photo {shown + 1} of {count}
            </span>{' '}
            · {shown === 0 ? 'Main photo · ' : ''}
            {photo.fileName}
          </p>
          {onMakeMain && shown > 0 && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                onMakeMain(shown);
                setIndex(0);
              }}
            >
              Make main photo
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}

function LightboxArrow({
  side,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  onClick(): void;
}) {
  const Icon = side === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2' : 'right-2'} inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md hover:bg-white`}
    >
      <Icon className="size-5" />
    </button>
  );
}
