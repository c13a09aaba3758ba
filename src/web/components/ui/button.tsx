import { clsx } from 'clsx';
import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary:
    'bg-brand-600 text-white hover:bg-brand-700 shadow-sm disabled:bg-brand-600/50 aria-disabled:bg-brand-600/50',
  secondary:
    'bg-white text-slate-800 border border-slate-300 hover:bg-slate-50 shadow-sm disabled:text-slate-400 aria-disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-400',
  danger:
    'bg-red-600 text-white hover:bg-red-700 shadow-sm disabled:bg-red-600/50 aria-disabled:bg-red-600/50',
};

type Size = 'sm' | 'md' | 'lg';

/**
 * A button's look, also for links that act as buttons (react-router `<Link>`). `aria-disabled`
 * looks like `disabled`: it is for a button that must stay focusable to explain why it is off.
 */
export function buttonClassName(variant: Variant = 'primary', size: Size = 'md'): string {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
    size === 'sm' && 'h-8 px-3 text-sm',
    size === 'md' && 'h-10 px-4 text-sm',
    size === 'lg' && 'h-12 px-6 text-base',
    variants[variant],
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', loading = false, className, children, disabled, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={clsx(buttonClassName(variant, size), className)}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
});
