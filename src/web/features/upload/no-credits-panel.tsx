import { clsx } from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button';

/**
 * Shown instead of the drop zone to a free user with no credits left (spec: such a user cannot
 * upload). Buying happens on the account page's subscription card until the Buy Credits dialog
 * exists.
 */
export function NoCreditsPanel({ variant }: { variant: 'page' | 'dialog' }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={clsx(
        'flex flex-col items-center gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-8 text-center',
        variant === 'page' ? 'py-16' : 'py-10',
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-10 text-amber-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5M12 16h.01" strokeLinecap="round" />
      </svg>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        No Credits Available
      </h2>
      <p className="max-w-md text-sm text-slate-700">
        You have used all your credits. Buy a credit pack or upgrade to Premium to turn more photos
        into listings.
      </p>
      <Link to="/account#subscription" className={clsx(buttonClassName(), 'mt-2')}>
        Buy Credits or Upgrade
      </Link>
    </section>
  );
}
