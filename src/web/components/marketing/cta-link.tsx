import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLinkOriginState } from './link-origin';

type Variant = 'primary' | 'secondary' | 'ghost' | 'inverse' | 'onBrand';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm shadow-brand-600/20 hover:bg-brand-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 shadow-sm hover:border-slate-400 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  inverse: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
  onBrand: 'text-white ring-1 ring-white/40 ring-inset hover:bg-white/10',
};

const sizes = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** A router link styled like the UI kit's buttons (CTAs on the public pages are navigation). */
export function CtaLink({
  to,
  variant = 'primary',
  size = 'md',
  className,
  children,
}: {
  to: string;
  variant?: Variant;
  size?: keyof typeof sizes;
  className?: string;
  children: ReactNode;
}) {
  const state = useLinkOriginState();
  return (
    <Link
      to={to}
      state={state}
      className={clsx(
        'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors',
        sizes[size],
        variants[variant],
        className,
      )}
    >
      {children}
    </Link>
  );
}
