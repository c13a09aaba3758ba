/** Options as chips: add or remove values, remove an option, add one (up to three). */
import { useId, useState, type KeyboardEvent } from 'react';
import {
  cleanVariantText,
  optionsProblem,
  VARIANT_LIMITS,
  type VariantOption,
} from '#domain/variants';
import { Button } from '#web/components/ui/button';

export const OPTION_NAME_NEEDED = 'Enter the option’s name, e.g. Size.';
export const OPTION_VALUE_NEEDED = 'Enter its first value, e.g. Small.';

const chipClass =
  'rounded-full border border-slate-300 bg-slate-50 px-2 py-0.5 text-xs text-slate-800 focus-visible:outline-2';

function onEnter(action: () => void) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Never submits a form around the card.
    event.preventDefault();
    action();
  };
}

function Suggestions({ id, values }: { id: string; values: readonly string[] }) {
  if (values.length === 0) return null;
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

/**
 * One option. `onOptions` gets the whole new list of options, or answers why it cannot be
 * (too many variants, a repeated value); the message shows under the option.
 */
export function OptionEditor({
  options,
  index,
  suggestions,
  onOptions,
}: {
  options: VariantOption[];
  index: number;
  suggestions: readonly string[];
  onOptions: (options: VariantOption[]) => string | null;
}) {
  const id = useId();
  const option = options[index]!;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const replaceValues = (values: string[]) =>
    options.map((other, i) => (i === index ? { ...other, values } : other));
  const addValue = () => {
    const value = cleanVariantText(text);
    if (value === '') return;
    const problem = onOptions(replaceValues([...option.values, value]));
    setError(problem);
    if (problem === null) setText('');
  };
  const removeValue = (value: string) => {
    const values = option.values.filter((other) => other !== value);
    // The last value gone, the option goes with it.
    setError(
      onOptions(
        values.length === 0 ? options.filter((_, i) => i !== index) : replaceValues(values),
      ),
    );
  };

  return (
    <li className="flex flex-col gap-1 rounded-lg border border-slate-200 p-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-name`} className="text-xs font-medium text-slate-700">
          {option.name}
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={`Remove option ${option.name}`}
          onClick={() => setError(onOptions(options.filter((_, i) => i !== index)))}
        >
          Remove
        </Button>
      </div>
      <ul className="flex flex-wrap gap-1" aria-labelledby={`${id}-name`}>
        {option.values.map((value) => (
          <li key={value}>
            <button
              type="button"
              className={chipClass}
              aria-label={`Remove ${option.name}: ${value}`}
              onClick={() => removeValue(value)}
            >
              {value} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <input
        type="text"
        aria-label={`Add a value to ${option.name}`}
        aria-invalid={error !== null}
        aria-describedby={error !== null ? `${id}-error` : undefined}
        list={suggestions.length > 0 ? `${id}-values` : undefined}
        placeholder="Type a value, then Enter"
        maxLength={VARIANT_LIMITS.valueMax}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onEnter(addValue)}
        className="h-7 rounded border border-slate-300 px-1.5 text-xs"
      />
      <Suggestions
        id={`${id}-values`}
        values={suggestions.filter((value) => !option.values.includes(value))}
      />
      {error !== null && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/** A new option: its name and first value. */
export function AddOptionForm({
  options,
  nameSuggestions,
  onOptions,
}: {
  options: VariantOption[];
  nameSuggestions: readonly string[];
  onOptions: (options: VariantOption[]) => string | null;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (options.length >= VARIANT_LIMITS.options) return null;

  const add = () => {
    const cleanName = cleanVariantText(name);
    const cleanValue = cleanVariantText(value);
    const next = [...options, { name: cleanName, values: [cleanValue] }];
    const problem =
      cleanName === ''
        ? OPTION_NAME_NEEDED
        : cleanValue === ''
          ? OPTION_VALUE_NEEDED
          : (optionsProblem(next) ?? onOptions(next));
    setError(problem);
    if (problem !== null) return;
    setName('');
    setValue('');
  };
  const used = new Set(options.map((option) => option.name.toLowerCase()));

  return (
    <div className="flex flex-col gap-0.5">
      <div className="flex flex-wrap items-center gap-1.5">
        <input
          type="text"
          aria-label="Option name"
          list={`${id}-names`}
          placeholder="Option, e.g. Size"
          maxLength={VARIANT_LIMITS.nameMax}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onEnter(add)}
          className="h-7 w-32 rounded border border-slate-300 px-1.5 text-xs"
        />
        <Suggestions
          id={`${id}-names`}
          values={nameSuggestions.filter((suggestion) => !used.has(suggestion.toLowerCase()))}
        />
        <input
          type="text"
          aria-label="First value"
          placeholder="Value, e.g. Small"
          maxLength={VARIANT_LIMITS.valueMax}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onEnter(add)}
          className="h-7 w-32 rounded border border-slate-300 px-1.5 text-xs"
        />
        <Button type="button" variant="secondary" size="sm" onClick={add}>
          Add option
        </Button>
      </div>
      {error !== null && (
        <p role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
