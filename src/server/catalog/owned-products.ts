/**
 * Who may read and change a product, decided here once (issue 23, ADR 019): the product is the
 * seller's (another seller's id is answered exactly like an unknown one, 404), the seller's plan
 * is read in one query, Premium-only features ask for Premium in one way, and a product in a
 * library that is read-only (Premium ended) refuses every change — an edit, a re-draft, a photo
 * change, a store status, and a Shopify publish alike. Downloads are reads and stay allowed.
 */
import { LIBRARY_READ_ONLY_MESSAGE, type LibraryAccess } from '#domain/library.js';
import type { PlanName } from '#domain/plans.js';
import { HttpError } from '../http/errors.js';
import type { ProductRepository } from './product-repository.js';
import type { ProductRow } from './product-row.js';
import type { SellerRepository, SellerStanding } from './seller-repository.js';

export const notFound = () => new HttpError(404, 'Product not found');

export const stillGenerating = () =>
  new HttpError(409, 'This product is still being generated. Please wait a moment.');

export const libraryReadOnly = () =>
  new HttpError(403, LIBRARY_READ_ONLY_MESSAGE, 'library-read-only');

/** A Premium-only feature asked for without Premium: 403 with the feature's own message. */
export const premiumRequired = (message: string) => new HttpError(403, message, 'premium-required');

/**
 * In the seller's library: saved, or published after being saved. A product published straight
 * from the review list was never saved (`savedAt` null): still a draft to edit.
 */
function inLibrary(row: Pick<ProductRow, 'status' | 'savedAt'>): boolean {
  return row.status !== 'draft' && row.savedAt !== null;
}

/**
 * What the seller may do with their library: editable while Premium; read-only while premium
 * has ended and the library is not yet deleted; none otherwise.
 */
export function libraryAccessOf(standing: SellerStanding, now: Date): LibraryAccess | null {
  if (standing.plan === 'premium') return { mode: 'editable' };
  const deleteAfter = standing.libraryDeleteAfter;
  if (deleteAfter && deleteAfter > now) {
    return { mode: 'read-only', deleteAfter: deleteAfter.toISOString() };
  }
  return null;
}

export function createCatalogAccess(products: ProductRepository, sellers: SellerRepository) {
  /** The seller's plan: every plan check of the product capabilities reads it here. */
  async function planOf(userId: string): Promise<PlanName> {
    return (await sellers.standing(userId)).plan;
  }

  /**
   * The product, to read: the seller's own, or 404. `id` was checked at the route
   * (productIdSchema, src/domain/request-text.ts: a UUID in lower case).
   */
  async function ownedRow(userId: string, id: string): Promise<ProductRow> {
    const row = await products.findForUser(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Refuses a change to a product in a read-only library (ADR 019). */
  async function assertChangeable(
    userId: string,
    row: Pick<ProductRow, 'status' | 'savedAt'>,
  ): Promise<void> {
    if (inLibrary(row) && (await planOf(userId)) !== 'premium') throw libraryReadOnly();
  }

  return {
    planOf,
    ownedRow,
    assertChangeable,

    /** The product, to change: the seller's own, and not in a read-only library. */
    async changeableRow(userId: string, id: string): Promise<ProductRow> {
      const row = await ownedRow(userId, id);
      await assertChangeable(userId, row);
      return row;
    },

    /** Throws 403 'premium-required' with `message` unless the seller is on Premium. */
    async requirePremium(userId: string, message: string): Promise<void> {
      if ((await planOf(userId)) !== 'premium') throw premiumRequired(message);
    },
  };
}

export type CatalogAccess = ReturnType<typeof createCatalogAccess>;
