import { clsx } from 'clsx';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from '#web/components/ui/spinner';

/** A small square button showing only an icon; `label` is its accessible name and tooltip. */
export function IconButton({
  label,
  icon,
  loading = false,
  tone = 'neutral',
  className,
  disabled,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  label: string;
  icon: ReactNode;
  loading?: boolean;
  tone?: 'neutral' | 'danger';
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={clsx(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-md transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        tone === 'neutral' && 'text-slate-500 hover:bg-slate-100 hover:text-slate-800',
        tone === 'danger' && 'text-slate-500 hover:bg-red-50 hover:text-red-600',
        className,
      )}
      {...props}
    >
      {loading ? <Spinner className="size-4" /> : icon}
    </button>
  );
}
