import { clsx } from 'clsx';

export function Logo({
  className,
  withWordmark = true,
}: {
  className?: string;
  withWordmark?: boolean;
}) {
  return (
    <span
      className={clsx('inline-flex items-center gap-2 font-semibold text-slate-900', className)}
    >
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 8h4v12h9v4H9z" fill="#fff" />
        <circle cx="22" cy="11" r="3" fill="#fbbf24" />
      </svg>
      {withWordmark && <span className="text-lg tracking-tight">Listsmith</span>}
    </span>
  );
}
