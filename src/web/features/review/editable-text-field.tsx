import { clsx } from 'clsx';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import type { FieldEvidence } from '#domain/listing-draft';
import { CopyButton, type CopyLabel } from './copy-button';
import { EvidenceNote, useEvidenceDisclosure, WhyButton } from './evidence-note';
import { RegenerateIcon } from './icons';
import { IconButton } from './icon-button';
import type { RegenerateFieldState } from './use-product-actions';

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm transition-colors read-only:bg-slate-50 read-only:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none';

/**
 * A card field the seller edits in place, with regenerate and copy. While the seller is typing
 * in it, the field shows their own text; otherwise it follows the product (so a save or an edit
 * from another tab shows up in fields nobody is editing).
 */
export function EditableTextField({
  label,
  value,
  onChange,
  maxLength,
  multiline = false,
  regenerateState,
  onRegenerate,
  evidence,
  history,
}: {
  label: Extract<CopyLabel, 'Product name' | 'Product description'>;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  multiline?: boolean;
  regenerateState: RegenerateFieldState;
  onRegenerate: () => void;
  evidence?: FieldEvidence | undefined;
  /** The field's earlier versions (undo), beside regenerate. */
  history?: ReactNode;
}) {
  const id = useId();
  const why = useEvidenceDisclosure(evidence);
  const errorId = `${id}-error`;
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? value;
  const { loading, error } = regenerateState;

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setTyped(event.target.value);
    onChange(event.target.value);
  };
  const common = {
    id,
    value: shown,
    maxLength,
    readOnly: loading,
    'aria-busy': loading || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: handleChange,
    onBlur: () => setTyped(null),
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {label}
          </label>
          <WhyButton field={label} disclosure={why} />
        </div>
        <div className="flex items-center gap-0.5">
          <IconButton
            label={`Regenerate ${label.toLowerCase()}`}
            icon={<RegenerateIcon className="size-4" />}
            loading={loading}
            onClick={onRegenerate}
          />
          {history}
          <CopyButton label={label} text={shown} />
        </div>
      </div>
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          // Grows with the text up to a few lines, then scrolls: a long description must not
          // push the next card off the screen.
          className={clsx(
            fieldClass,
            'field-sizing-content max-h-32 min-h-20 resize-none py-1.5 text-sm leading-relaxed',
          )}
        />
      ) : (
        <input {...common} type="text" className={clsx(fieldClass, 'h-9')} />
      )}
      {why.open && <EvidenceNote id={why.id} evidence={evidence} />}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
