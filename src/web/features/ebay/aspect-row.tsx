import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { EBAY_LIMITS } from '#domain/ebay-listing';
import type { EbayAspectRow } from './ebay-entry';

const chipClass = 'rounded-full border px-2 py-0.5 text-xs focus-visible:outline-2';
const inputClass = 'min-w-0 flex-1 rounded border border-slate-300 px-1.5 py-0.5 text-xs';

/** eBay's values to choose from (SELECTION_ONLY), or typed with eBay's offered as suggestions. */
function AspectEditor({
  aspect,
  labelledBy,
  initial,
  focusOnMount,
  onSave,
  onCancel,
}: {
  aspect: EbayAspectRow;
  labelledBy: string;
  initial: string;
  /** Opened by the seller's own click on the chip: the field takes the focus. */
  focusOnMount: boolean;
  onSave(value: string | null): void;
  onCancel?(): void;
}) {
  const listId = useId();
  const [text, setText] = useState(initial);

  if (aspect.mode === 'SELECTION_ONLY') {
    return (
      <select
        aria-labelledby={labelledBy}
        aria-required="true"
        className={`${inputClass} bg-white py-1`}
        value={initial}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the seller's own click
        autoFocus={focusOnMount}
        onChange={(event) => onSave(event.target.value || null)}
        onKeyDown={(event) => event.key === 'Escape' && onCancel?.()}
      >
        <option value="">Choose…</option>
        {aspect.values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
    if (event.key !== 'Enter') return;
    // Never submits a form around the card.
    event.preventDefault();
    const value = text.replace(/\s+/g, ' ').trim();
    if (value === '' && !onCancel) return;
    onSave(value || null);
  };
  return (
    <>
      <input
        type="text"
        aria-labelledby={labelledBy}
        aria-required="true"
        list={aspect.values.length > 0 ? listId : undefined}
        placeholder="Type, then Enter"
        maxLength={EBAY_LIMITS.aspectValueMax}
        value={text}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the seller's own click
        autoFocus={focusOnMount}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        className={inputClass}
      />
      {aspect.values.length > 0 && (
        <datalist id={listId}>
          {aspect.values.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
    </>
  );
}

/**
 * One of eBay's required item specifics as a chip: the value Listsmith would send (the seller's,
 * or one it read), which the seller changes in a click; without one, the field to fill it. A
 * value saved is a confirmed attribute of that name, so the listing's text uses it too.
 */
export function AspectRow({
  aspect,
  onSet,
}: {
  aspect: EbayAspectRow;
  /** The seller's value, or null to drop theirs. */
  onSet(value: string | null): void;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const chip = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Done or cancelled with the keyboard: the focus goes back to the chip, not to the page.
  useEffect(() => {
    if (wasEditing.current && !editing) chip.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const { name, value } = aspect;
  const save = (next: string | null) => {
    setEditing(false);
    if (next !== value) onSet(next);
  };

  return (
    <li className="flex flex-wrap items-center gap-1.5">
      <span id={`${id}-name`} className="w-20 shrink-0 text-xs text-slate-600">
        {name}
        <span className="text-red-700" aria-hidden="true">
          *
        </span>
      </span>
      {value !== null && !editing ? (
        <button
          ref={chip}
          type="button"
          className={`${chipClass} ${aspect.sellers ? 'border-emerald-600 bg-emerald-50 text-emerald-900' : 'border-slate-400 bg-slate-50 text-slate-800'}`}
          aria-label={`Change ${name}: ${value}`}
          title={aspect.sellers ? undefined : 'Read from the photo or label'}
          onClick={() => setEditing(true)}
        >
          {value}
        </button>
      ) : (
        <AspectEditor
          aspect={aspect}
          labelledBy={`${id}-name`}
          initial={aspect.sellers && value ? value : ''}
          focusOnMount={editing}
          onSave={save}
          {...(editing ? { onCancel: () => setEditing(false) } : {})}
        />
      )}
    </li>
  );
}
