import { useId, useState, type KeyboardEvent } from 'react';

/**
 * A text input that keeps what the seller types to itself and commits it on blur or Enter.
 * `onCommit` answers an error message (shown under the input, nothing saved) or null.
 */
export function CommitInput({
  label,
  value,
  placeholder,
  maxLength,
  inputMode,
  className,
  onCommit,
}: {
  label: string;
  value: string;
  placeholder?: string;
  maxLength?: number;
  inputMode?: 'text' | 'decimal' | 'numeric';
  className?: string;
  onCommit: (text: string) => string | null;
}) {
  const errorId = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    if (typed === null) return;
    const problem = typed === value ? null : onCommit(typed);
    setError(problem);
    if (problem === null) setTyped(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commit();
  };

  return (
    <div className="flex flex-col gap-0.5">
      <input
        type="text"
        aria-label={label}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? errorId : undefined}
        autoComplete="off"
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        value={typed ?? value}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        className={`h-7 w-full min-w-0 rounded border px-1.5 text-xs ${
          error !== null ? 'border-red-500' : 'border-slate-300'
        } ${className ?? ''}`}
      />
      {error !== null && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
