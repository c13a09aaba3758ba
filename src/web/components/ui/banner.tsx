import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** Red error banner (spec: auth errors appear in a red banner); also success and info tones. */
export function Banner({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(
        'rounded-lg border px-4 py-3 text-sm',
        tone === 'error' && 'border-red-200 bg-red-50 text-red-700',
        tone === 'success' && 'border-emerald-200 bg-emerald-50 text-emerald-800',
        tone === 'info' && 'border-brand-200 bg-brand-50 text-brand-900',
        tone === 'warning' && 'border-amber-200 bg-amber-50 text-amber-900',
        className,
      )}
    >
      {children}
    </div>
  );
}
