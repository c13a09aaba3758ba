/** What the library shows instead of its list: loading, empty, no match, errors, read-only. */
import { Link } from 'react-router';
import type { LibraryAccess } from '#domain/library';
import { Banner } from '#web/components/ui/banner';
import { Button, buttonClassName } from '#web/components/ui/button';
import { formatBillingDate, useStartCheckout } from '#web/lib/billing';

export const EMPTY_LIBRARY_TEXT = 'No products yet';

export function noMatchText(term: string): string {
  return `No products found matching "${term}"`;
}

/** Two placeholder cards shaped like the real ones (photo left, fields right). */
export function LibrarySkeleton() {
  return (
    <div role="status" aria-label="Loading your library" className="flex flex-col gap-4">
      {[0, 1].map((index) => (
        <div
          key={index}
          data-testid="library-skeleton"
          aria-hidden="true"
          className="flex gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="size-40 shrink-0 animate-pulse rounded-xl bg-slate-100" />
          <div className="flex flex-1 flex-col gap-3">
            <div className="h-4 w-32 animate-pulse rounded bg-slate-100" />
            <div className="h-9 animate-pulse rounded-lg bg-slate-100" />
            <div className="h-4 w-40 animate-pulse rounded bg-slate-100" />
            <div className="h-20 animate-pulse rounded-lg bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

export function EmptyLibrary() {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-8 py-16 text-center">
      <p className="text-lg font-medium text-slate-900">{EMPTY_LIBRARY_TEXT}</p>
      <p className="max-w-sm text-sm text-slate-600">
        Products you create are kept here, ready to edit, export or publish.
      </p>
      <Link to="/create" className={buttonClassName()}>
        Create Product
      </Link>
    </div>
  );
}

export function NoMatch({ term, onClear }: { term: string; onClear(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-8 py-14 text-center">
      <p className="text-lg font-medium text-slate-900">{noMatchText(term)}</p>
      <p className="text-sm text-slate-600">Try another word, part of a title, a tag or a price.</p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Clear search
      </Button>
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Banner>
      <div className="flex items-center justify-between gap-4">
        <span>{message}</span>
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    </Banner>
  );
}

/** A free seller: the library is a Premium feature. */
export function PremiumRequired() {
  const checkout = useStartCheckout();
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-8 py-16 text-center">
      <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-800">
        Premium
      </span>
      <p className="text-lg font-medium text-slate-900">Keep every product in your library</p>
      <p className="max-w-md text-sm text-slate-600">
        With Premium, every product you generate is saved here automatically, ready to search, edit
        and export at any time.
      </p>
      {checkout.error && <Banner>{checkout.error}</Banner>}
      <Button loading={checkout.busy} onClick={() => checkout.start('premium')}>
        Upgrade to Premium
      </Button>
    </div>
  );
}

/** After premium ended: the library is kept (and downloadable) until it is deleted. */
export function ReadOnlyBanner({
  access,
}: {
  access: Extract<LibraryAccess, { mode: 'read-only' }>;
}) {
  const checkout = useStartCheckout();
  return (
    <Banner tone="warning" className="mb-6">
      <div className="flex items-center justify-between gap-4">
        <p className="min-w-0 flex-1">
          Your library is read-only until {formatBillingDate(access.deleteAfter)}, when it will be
          deleted. You can still download it as CSV files. Subscribe again to keep editing.
        </p>
        <Button
          size="sm"
          className="shrink-0"
          loading={checkout.busy}
          onClick={() => checkout.start('premium')}
        >
          Subscribe again
        </Button>
      </div>
      {checkout.error && <p className="mt-2 text-red-700">{checkout.error}</p>}
    </Banner>
  );
}
