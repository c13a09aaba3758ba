import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductPhoto } from '#domain/products';

export const STRIP_HINT =
  'The first photo is the main one. Drag a photo, or focus it and press the left or right arrow key, to move it; Home makes it the main photo.';

/** 'Photo 2 of 3: back.jpg', and '(main)' for the first. */
export function photoLabel(photo: ProductPhoto, index: number, count: number): string {
  return `Photo ${index + 1} of ${count}${index === 0 ? ' (main)' : ''}: ${photo.fileName}`;
}

/**
 * Every photo of a product as a row of thumbnails, main first. A click opens the photo large;
 * the seller reorders by dragging a thumbnail onto another place, or from the keyboard with the
 * arrow keys on a focused thumbnail (Home: make it the main photo). Focus follows the moved
 * photo and a status line says where it went.
 */
export function PhotoStrip({
  photos,
  editable,
  onMove,
  onOpen,
}: {
  photos: readonly ProductPhoto[];
  editable: boolean;
  onMove(from: number, to: number): void;
  onOpen(index: number): void;
}) {
  const hintId = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Moving a focused element in the page can drop its focus; it is given back after each render.
  useEffect(() => {
    if (focusAfterMove.current === null) return;
    const button = buttons.current.get(focusAfterMove.current);
    if (button && document.activeElement !== button) button.focus();
  });

  const move = (from: number, to: number) => {
    const target = Math.max(0, Math.min(to, photos.length - 1));
    const photo = photos[from];
    if (!photo || target === from) return;
    onMove(from, target);
    focusAfterMove.current = photo.imageId;
    setAnnouncement(
      target === 0
        ? `${photo.fileName} is now the main photo.`
        : `${photo.fileName} moved to position ${target + 1} of ${photos.length}.`,
    );
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const targets: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: photos.length - 1,
    };
    const target = targets[event.key];
    if (!editable || target === undefined) return;
    event.preventDefault();
    move(index, target);
  };

  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };

  return (
    <div className="w-full">
      <ul
        aria-label="Photos"
        aria-describedby={editable ? hintId : undefined}
        className="flex w-full gap-1 overflow-x-auto pb-0.5"
      >
        {photos.map((photo, index) => (
          <li
            key={photo.imageId}
            draggable={editable}
            onDragStart={(event) => {
              event.dataTransfer?.setData('text/plain', photo.imageId);
              if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
              setDragging(index);
            }}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== null) move(dragging, index);
              endDrag();
            }}
            onDragEnd={endDrag}
            className={clsx(
              'shrink-0 rounded-md border-2',
              over === index && dragging !== index ? 'border-brand-500' : 'border-transparent',
              dragging === index && 'opacity-40',
            )}
          >
            <button
              type="button"
              ref={(element) => {
                if (element) buttons.current.set(photo.imageId, element);
                else buttons.current.delete(photo.imageId);
              }}
              aria-label={photoLabel(photo, index, photos.length)}
              title={photo.fileName}
              onClick={() => onOpen(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
              onBlur={() => {
                focusAfterMove.current = null;
              }}
              className={clsx(
                'block size-9 overflow-hidden rounded border bg-slate-100',
                editable && 'cursor-grab active:cursor-grabbing',
                index === 0 ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200',
              )}
            >
              <img
                src={photo.thumbUrl}
                alt=""
                draggable={false}
                className="size-full object-cover"
                loading="lazy"
              />
            </button>
          </li>
        ))}
      </ul>
      {editable && (
        <>
          <p id={hintId} className="sr-only">
            {STRIP_HINT}
          </p>
          <p role="status" className="sr-only">
            {announcement}
          </p>
        </>
      )}
    </div>
  );
}
