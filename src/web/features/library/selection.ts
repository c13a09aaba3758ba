/**
 * Which products the seller ticked: some by id (one by one, or every loaded one), or every result
 * of the current search, including the ones not loaded yet. Pure, so the rules are tested alone.
 */
import type { CatalogueGap } from '#domain/catalogue-gaps';
import { BULK_IDS_MAX, type LibrarySelection } from '#domain/library';
import { formatCount } from '#domain/text/english';

export type Selection =
  | { kind: 'ids'; ids: ReadonlySet<string> }
  /** `q` blank: the whole library; `gap`: only the products with that gap. */
  | { kind: 'search'; q: string; gap: CatalogueGap | null; total: number };

export const NOTHING_SELECTED: Selection = { kind: 'ids', ids: new Set() };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.kind === 'search' || selection.ids.has(id);
}

export function selectedCount(selection: Selection): number {
  return selection.kind === 'search' ? selection.total : selection.ids.size;
}

/**
 * Ticks or unticks one product. Unticking one while every result is selected keeps the rest of
 * what is loaded: the products not loaded yet cannot be named one by one.
 */
export function toggle(selection: Selection, id: string, loadedIds: readonly string[]): Selection {
  const ids = new Set(selection.kind === 'search' ? loadedIds : selection.ids);
  if (selection.kind === 'ids' && !ids.has(id)) ids.add(id);
  else ids.delete(id);
  return { kind: 'ids', ids };
}

/** The loaded products, by id, as far as one request may name them. */
export function selectLoaded(loadedIds: readonly string[]): Selection {
  return { kind: 'ids', ids: new Set(loadedIds.slice(0, BULK_IDS_MAX)) };
}

export function selectAllResults(q: string, total: number, gap: CatalogueGap | null): Selection {
  return { kind: 'search', q, gap, total };
}

/** The request's form of a selection; null when nothing is selected. */
export function toRequestSelection(selection: Selection): LibrarySelection | null {
  if (selection.kind === 'search') return searchSelection(selection.q, selection.gap);
  return selection.ids.size > 0 ? { kind: 'ids', ids: [...selection.ids] } : null;
}

/** Every result of a search and gap, as a request names it. */
export function searchSelection(q: string, gap: CatalogueGap | null): LibrarySelection {
  return gap ? { kind: 'search', q, gap } : { kind: 'search', q };
}

/** '3 products', '1 product' */
export function countProducts(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'product' : 'products'}`;
}
