/**
 * Bulk actions on a selection of the library (ticked products or every result of a search):
 * delete, set the store status, draft the text again and decide on the suggestions (Improve
 * itself is a background run: improve-runs.ts). Each product gets a line saying what happened; a product not in the seller's
 * library (unknown, or another seller's) is reported as not found and nothing of it changes.
 */
import {
  SUGGESTION_FIELDS,
  type ImproveAction,
  type SuggestionDecisionRequest,
} from '#domain/catalogue-improve.js';
import {
  BULK_REGENERATE_MAX,
  type BulkOutcome,
  type BulkReply,
  type BulkRequest,
  type LibrarySelection,
} from '#domain/library.js';
import type { StoreStatus } from '#domain/products.js';
import { HttpError } from '../http/errors.js';
import {
  type ProductEventBus,
  type ProductRow,
  storedEditedFields,
  storedSuggestions,
  toProduct,
} from '../catalog/index.js';
import type { LibraryRepository } from './library-repository.js';
import type { LibraryService } from './library-service.js';

/**
 * The product changes a bulk action makes, as the editing capability makes them one at a time
 * (handed in at assembly, so the library does not reach into editing).
 */
export interface LibraryProductEdits {
  remove(userId: string, id: string): Promise<void>;
  regenerate(
    userId: string,
    body: { productId: string; field: 'title' | 'description' },
  ): Promise<unknown>;
  improve(
    userId: string,
    row: ProductRow,
    action: ImproveAction,
  ): Promise<{ outcome: 'done' | 'skipped' | 'no-credits'; message: string; charged: boolean }>;
  /** Whether the product's photos and text were paid for already (improving it is free). */
  improvedBefore(row: ProductRow): boolean;
  decideSuggestions(
    userId: string,
    id: string,
    decision: SuggestionDecisionRequest,
  ): Promise<unknown>;
}

export interface LibraryBulkDeps {
  library: LibraryRepository;
  service: LibraryService;
  products: LibraryProductEdits;
  events: ProductEventBus;
  log: { error(details: object, message: string): void };
}

const STORE_STATUS_NAMES: Record<StoreStatus, string> = {
  active: 'Active',
  draft: 'Draft',
  archived: 'Archived',
};

const NOT_IN_LIBRARY = 'This product is not in your library.';
const SOMETHING_FAILED = 'Something went wrong with this product. Please try again.';

function outcome(row: ProductRow, result: BulkOutcome['outcome'], message: string): BulkOutcome {
  return { id: row.id, title: row.title, outcome: result, message };
}

export function createLibraryBulk({ library, service, products, events, log }: LibraryBulkDeps) {
  /** A failure's message when it is one a seller may read, a general one otherwise. */
  function failed(row: ProductRow, error: unknown): BulkOutcome {
    if (error instanceof HttpError) return outcome(row, 'failed', error.message);
    log.error({ err: error, productId: row.id }, 'bulk action failed');
    return outcome(row, 'failed', SOMETHING_FAILED);
  }

  async function rowsOf(userId: string, selection: LibrarySelection): Promise<ProductRow[]> {
    const rows: ProductRow[] = [];
    for await (const row of service.selected(userId, selection)) rows.push(row);
    return rows;
  }

  /** Ids the seller named that are not in their library, reported as such. */
  function missing(selection: LibrarySelection, rows: readonly ProductRow[]): BulkOutcome[] {
    if (selection.kind !== 'ids') return [];
    const found = new Set(rows.map((row) => row.id));
    return [...new Set(selection.ids)]
      .filter((id) => !found.has(id))
      .map((id) => ({ id, title: '', outcome: 'failed' as const, message: NOT_IN_LIBRARY }));
  }

  async function remove(userId: string, rows: readonly ProductRow[]): Promise<BulkOutcome[]> {
    const results: BulkOutcome[] = [];
    for (const row of rows) {
      try {
        await products.remove(userId, row.id);
        results.push(outcome(row, 'done', 'Deleted.'));
      } catch (error) {
        results.push(failed(row, error));
      }
    }
    return results;
  }

  async function setStatus(
    userId: string,
    rows: readonly ProductRow[],
    status: StoreStatus,
  ): Promise<BulkOutcome[]> {
    const updated = await library.setStoreStatus(
      userId,
      rows.map((row) => row.id),
      status,
    );
    for (const row of updated)
      events.announce(userId, { type: 'product', product: toProduct(row) });
    const done = new Set(updated.map((row) => row.id));
    return rows.map((row) =>
      done.has(row.id)
        ? outcome(row, 'done', `Store status set to ${STORE_STATUS_NAMES[status]}.`)
        : outcome(row, 'failed', NOT_IN_LIBRARY),
    );
  }

  /** Title and description drafted again, each unless the seller edited it. */
  async function regenerate(userId: string, row: ProductRow): Promise<BulkOutcome> {
    const edited = storedEditedFields(row);
    const fields = (['title', 'description'] as const).filter((f) => !edited.includes(f));
    if (fields.length === 0) {
      return outcome(
        row,
        'skipped',
        'You edited the title and the description, so both were kept.',
      );
    }
    try {
      for (const field of fields) await products.regenerate(userId, { productId: row.id, field });
    } catch (error) {
      return failed(row, error);
    }
    if (fields.length === 2) return outcome(row, 'done', 'New title and description written.');
    return fields[0] === 'title'
      ? outcome(row, 'done', 'New title written; your description was kept because you edited it.')
      : outcome(row, 'done', 'New description written; your title was kept because you edited it.');
  }

  /** Every pending suggestion of the product accepted or rejected; none pending: skipped. */
  async function decide(userId: string, row: ProductRow, decision: 'accept' | 'reject') {
    if (storedSuggestions(row).length === 0) {
      return outcome(row, 'skipped', 'No suggestions were waiting.');
    }
    const fields = [...SUGGESTION_FIELDS];
    try {
      await products.decideSuggestions(
        userId,
        row.id,
        decision === 'accept' ? { accept: fields, reject: [] } : { accept: [], reject: fields },
      );
      return outcome(
        row,
        'done',
        decision === 'accept' ? 'Suggestions accepted.' : 'Suggestions rejected.',
      );
    } catch (error) {
      return failed(row, error);
    }
  }

  /** Analyzer work answered in the request: a larger selection is refused before any of it. */
  function refuseLarge(action: BulkRequest['action'], count: number): void {
    if (action.type === 'regenerate' && count > BULK_REGENERATE_MAX) {
      throw new HttpError(
        400,
        `Text can be regenerated for up to ${BULK_REGENERATE_MAX} products at a time. Please select fewer products.`,
        'too-many-products',
      );
    }
  }

  return {
    async run(userId: string, { selection, action }: BulkRequest): Promise<BulkReply> {
      await service.editable(userId);
      const rows = await rowsOf(userId, selection);
      refuseLarge(action, rows.length);
      let results: BulkOutcome[] = [];
      if (action.type === 'delete') results = await remove(userId, rows);
      else if (action.type === 'set-status') results = await setStatus(userId, rows, action.status);
      else {
        for (const row of rows) {
          if (action.type === 'regenerate') results.push(await regenerate(userId, row));
          else results.push(await decide(userId, row, action.decision));
        }
      }
      return { results: [...results, ...missing(selection, rows)] };
    },
  };
}

export type LibraryBulk = ReturnType<typeof createLibraryBulk>;
