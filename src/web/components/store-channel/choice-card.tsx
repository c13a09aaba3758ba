import type { ReactNode } from 'react';

/** One radio of a publish dialog's choices, drawn as a card that shows which one is chosen. */
export function ChoiceCard({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange(): void;
  children: ReactNode;
}) {
  return (
    <label className="has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-brand-500 flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:focus-visible]:ring-2">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="accent-brand-600 mt-0.5"
      />
      <span className="flex flex-col">{children}</span>
    </label>
  );
}
