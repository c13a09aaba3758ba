import { formatCount } from './text/english';

/**
 * 'just now', '5 minutes ago', 'yesterday': how long ago something happened, in words, as
 * `Intl.RelativeTimeFormat('en', { numeric: 'auto' })` says it. Written out rather than asked of
 * `Intl`, whose first use in a page loads ICU's data in the task that renders the card (ADR 057).
 */
const UNITS: [unit: string, seconds: number, lastOne?: string][] = [
  ['year', 365 * 24 * 3600, 'last year'],
  ['month', 30 * 24 * 3600, 'last month'],
  ['week', 7 * 24 * 3600, 'last week'],
  ['day', 24 * 3600, 'yesterday'],
  ['hour', 3600],
  ['minute', 60],
];

export function timeAgo(iso: string, now = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  for (const [unit, size, lastOne] of UNITS) {
    if (seconds < size) continue;
    const count = Math.floor(seconds / size);
    if (count === 1) return lastOne ?? `1 ${unit} ago`;
    return `${formatCount(count)} ${unit}s ago`;
  }
  return '1 minute ago';
}
