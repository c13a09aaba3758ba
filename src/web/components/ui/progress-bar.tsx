import { clsx } from 'clsx';

/** A labelled determinate progress bar: `value` of `max` done. */
export function ProgressBar({
  label,
  value,
  max,
  className,
}: {
  label: string;
  value: number;
  max: number;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={clsx('h-2 overflow-hidden rounded-full', className ?? 'bg-slate-100')}
    >
      <div
        className="bg-brand-600 h-full rounded-full transition-[width] duration-500"
        style={{ width: `${max > 0 ? (value / max) * 100 : 0}%` }}
      />
    </div>
  );
}
