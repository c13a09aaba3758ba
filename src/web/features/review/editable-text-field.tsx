import { clsx } from 'clsx';
import { useId, useState, type ChangeEvent } from 'react';
import { CopyButton, type CopyLabel } from './copy-button';
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
}: {
  label: Extract<CopyLabel, 'Product name' | 'Product description'>;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  multiline?: boolean;
  regenerateState: RegenerateFieldState;
  onRegenerate: () => void;
}) {
  const id = useId();
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
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="flex items-center gap-0.5">
          <IconButton
            label={`Regenerate ${label.toLowerCase()}`}
            icon={<RegenerateIcon className="size-4" />}
            loading={loading}
            onClick={onRegenerate}
          />
          <CopyButton label={label} text={shown} />
        </div>
      </div>
      {multiline ? (
        <textarea
          {...common}
          rows={4}
          className={clsx(
            fieldClass,
            'field-sizing-content min-h-28 resize-none py-2 leading-relaxed',
          )}
        />
      ) : (
        <input {...common} type="text" className={clsx(fieldClass, 'h-10')} />
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
