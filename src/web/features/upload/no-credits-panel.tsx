import { clsx } from 'clsx';
import { useEffect, useId } from 'react';
import { Button } from '#web/components/ui/button';
import { useBuyCredits } from '#web/lib/buy-credits';

/**
 * Shown instead of the drop zone to a free user with no credits left (spec: such a user cannot
 * upload and gets the Buy Credits dialog instead). On /create the dialog also opens by itself,
 * once per visit of the app, so closing it is respected.
 */
export function NoCreditsPanel({ variant }: { variant: 'page' | 'dialog' }) {
  const titleId = useId();
  const openBuyCredits = useBuyCredits((state) => state.open);
  const openAutomaticallyOnce = useBuyCredits((state) => state.openAutomaticallyOnce);

  useEffect(() => {
    if (variant === 'page') openAutomaticallyOnce();
  }, [variant, openAutomaticallyOnce]);

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
      <Button className="mt-2" onClick={openBuyCredits}>
        Buy Credits or Upgrade
      </Button>
    </section>
  );
}
