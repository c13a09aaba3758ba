/**
 * Who may do what with a library (issue 14, DESIGN.md §10): premium sellers edit it; when premium
 * ends it stays for {@link LIBRARY_READ_ONLY_DAYS} days, read-only (downloads still work), is
 * editable again if they subscribe again, and is deleted after.
 */
import type { LibraryAccess } from './library';
import type { PlanName } from './plans';

export const LIBRARY_READ_ONLY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a library kept after premium ended at `endedAt` is deleted. */
export function libraryDeleteAfter(endedAt: Date): Date {
  return new Date(endedAt.getTime() + LIBRARY_READ_ONLY_DAYS * DAY_MS);
}

/** Null: no library to show (never premium, or its read-only time is over). */
export function libraryAccessFor(
  seller: { plan: PlanName; premiumEndedAt: Date | null },
  now: Date,
): LibraryAccess | null {
  if (seller.plan === 'premium') return { mode: 'editable' };
  if (!seller.premiumEndedAt) return null;
  const deleteAfter = libraryDeleteAfter(seller.premiumEndedAt);
  if (deleteAfter <= now) return null;
  return { mode: 'read-only', deleteAfter: deleteAfter.toISOString() };
}
