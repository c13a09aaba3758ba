import { clsx } from 'clsx';
import { Spinner } from '#web/components/ui/spinner';
import { ProgressBar } from '#web/components/ui/progress-bar';

export type PublishState = 'waiting' | 'publishing' | 'published' | 'failed' | 'skipped';

export interface PublishRow {
  id: string;
  title: string;
  state: PublishState;
  adminUrl?: string;
}

const STATE_LABELS: Record<PublishState, string> = {
  waiting: 'Waiting',
  publishing: 'Publishing…',
  published: 'Published',
  failed: 'Failed',
  skipped: 'Not sent',
};

/**
 * 'Publishing 2 of 5…' with a bar, then each product's result (the spec's one at a time) and,
 * once published, its link in the store's admin.
 */
export function PublishProgress({
  rows,
  linkLabel,
}: {
  rows: PublishRow[];
  /** 'View in Shopify admin', 'View in WooCommerce'. */
  linkLabel: string;
}) {
  const done = rows.filter((row) => row.state === 'published').length;
  const current = rows.findIndex((row) => row.state === 'publishing');
  const heading =
    current >= 0
      ? `Publishing ${current + 1} of ${rows.length}…`
      : `${done} of ${rows.length} published`;
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm font-medium text-slate-900">
        {heading}
      </p>
      <ProgressBar label="Publishing progress" value={done} max={rows.length} />
      <ul
        aria-label="Products"
        className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
      >
        {rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-0.5 px-3 py-2 text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="min-w-0 truncate text-slate-900">
                {row.title || 'Untitled product'}
              </span>
              <span
                className={clsx(
                  'flex shrink-0 items-center gap-1.5 text-xs font-medium',
                  row.state === 'published' && 'text-emerald-700',
                  row.state === 'failed' && 'text-red-700',
                  (row.state === 'waiting' || row.state === 'skipped') && 'text-slate-500',
                  row.state === 'publishing' && 'text-brand-700',
                )}
              >
                {row.state === 'publishing' && <Spinner className="size-3.5" />}
                {STATE_LABELS[row.state]}
              </span>
            </div>
            {row.state === 'published' && row.adminUrl && (
              <a
                href={row.adminUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 self-start text-xs underline-offset-2 hover:underline"
              >
                {linkLabel}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
