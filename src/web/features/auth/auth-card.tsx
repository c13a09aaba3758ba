import type { ReactNode } from 'react';
import { MarketingLayout } from '#web/components/marketing/marketing-layout';
import { CloseIcon } from './icons';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Optional icon shown in a tinted circle above the title (status screens). */
  icon?: ReactNode;
  iconTone?: 'brand' | 'success' | 'error';
  /** Shows a close (×) button in the card's corner. */
  onClose?: () => void;
  /** Last line of the card, e.g. "Already have an account? Sign in". */
  footer?: ReactNode;
  children?: ReactNode;
}

const iconTones = {
  brand: 'bg-brand-50 text-brand-600 ring-brand-100',
  success: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  error: 'bg-red-50 text-red-600 ring-red-100',
} as const;

/** The card itself: title, optional icon and close button, content and closing line. */
export function AuthPanel({
  title,
  subtitle,
  icon,
  iconTone = 'brand',
  onClose,
  footer,
  children,
}: AuthCardProps) {
  return (
    <section
      aria-labelledby="auth-card-title"
      className="relative rounded-2xl border border-slate-200 bg-white px-8 pt-8 pb-7 shadow-xl shadow-slate-900/5"
    >
      {onClose && (
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1.5 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700"
        >
          <CloseIcon className="size-5" />
        </button>
      )}
      {icon && (
        <div
          className={`mx-auto mb-5 flex size-14 items-center justify-center rounded-full ring-8 ${iconTones[iconTone]}`}
        >
          {icon}
        </div>
      )}
      <header className={icon ? 'text-center' : undefined}>
        <h1 id="auth-card-title" className="text-2xl font-semibold tracking-tight text-slate-900">
          {title}
        </h1>
        {subtitle && <p className="mt-2 text-sm leading-6 text-slate-600">{subtitle}</p>}
      </header>
      {children && <div className="mt-6">{children}</div>}
      {footer && (
        <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
          {footer}
        </p>
      )}
    </section>
  );
}

/**
 * An auth card centred in the landing layout's header and footer, on a plain glow: the status
 * screens (confirmation, callback, password reset). Sign-in and sign-up use `HeroAuthCard`.
 */
export function AuthCard(props: AuthCardProps) {
  return (
    <MarketingLayout>
      <div className="relative isolate flex justify-center overflow-hidden px-6 py-16">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-80 bg-linear-to-b from-brand-50 via-brand-50/40 to-transparent"
        />
        <div className="w-full max-w-md">
          <AuthPanel {...props} />
        </div>
      </div>
    </MarketingLayout>
  );
}

/** Link styling shared by the auth screens' inline links. */
export const authLinkClass =
  'font-medium text-brand-600 underline-offset-4 hover:text-brand-700 hover:underline';
