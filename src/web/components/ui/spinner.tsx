import { clsx } from 'clsx';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <svg
      className={clsx('animate-spin', className ?? 'size-6')}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path
        d="M22 12a10 10 0 0 0-10-10"
        stroke="currentColor"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Full-screen spinner shown while the session loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center text-brand-600">
      <Spinner className="size-10" label="Loading" />
    </div>
  );
}
