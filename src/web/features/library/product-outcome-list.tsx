/** The lines of a report on many products (a bulk action, an update in a store): one per product. */
import { clsx } from 'clsx';

export interface ProductOutcomeLine {
  key: string;
  title: string;
  /** What happened, in sentences under the title. */
  details: readonly string[];
  /** The outcome's badge. */
  look: { label: string; className: string };
}

export function ProductOutcomeList({ lines }: { lines: readonly ProductOutcomeLine[] }) {
  if (lines.length === 0) return null;
  return (
    <ul
      aria-label="Products"
      className="max-h-[50vh] divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
    >
      {lines.map((line) => (
        <li key={line.key} className="flex items-start justify-between gap-4 px-3 py-2">
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-slate-900">
              {line.title || 'Untitled product'}
            </span>
            {line.details.map((detail) => (
              <span key={detail} className="block text-sm text-slate-600">
                {detail}
              </span>
            ))}
          </span>
          <span
            className={clsx(
              'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
              line.look.className,
            )}
          >
            {line.look.label}
          </span>
        </li>
      ))}
    </ul>
  );
}
