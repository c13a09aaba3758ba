import { clsx } from 'clsx';
import type { SaveStatus } from './autosave-store';

function describe(status: SaveStatus): string {
  switch (status.state) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'Saved';
    case 'retrying':
      return 'Not saved — retrying';
    case 'unauthorized':
      return 'Not saved — sign in again';
    case 'rejected':
      return `Not saved: ${status.message}`;
  }
}

/** Discreet per-card autosave status, announced politely. */
export function SaveStatusText({ status }: { status: SaveStatus }) {
  const problem = ['retrying', 'unauthorized', 'rejected'].includes(status.state);
  return (
    <span
      aria-live="polite"
      className={clsx('text-xs', problem ? 'font-medium text-amber-700' : 'text-slate-500')}
    >
      {describe(status)}
    </span>
  );
}
