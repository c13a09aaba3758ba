/**
 * What a seller does with their draft products after upload: list, edit, delete, retry a
 * failed generation, export. Drafting text again is product-redraft-service.ts, photos
 * photo-service.ts, undo field-version-service.ts. Every call is scoped to the signed-in user;
 * another user's id is answered exactly like an unknown one (404).
 */
import { shopifyCsv } from '#domain/export-shopify.js';
import { squarespaceCsv } from '#domain/export-squarespace.js';
import { woocommerceCsv } from '#domain/export-woocommerce.js';
import type { ExportPlatform } from '#domain/export-common.js';
import { toExportProduct, type Product, type ProductPatch } from '#domain/products.js';
import { notEnoughCreditsMessage } from '#domain/upload-rules.js';
import type { DatabaseHandle } from '../db/connection.js';
import { loadPriceBaseline, repricedForCategory, type VisionProvider } from '../vision/index.js';
import { HttpError } from '../http/errors.js';
import { imagePrefix, type ImageStore } from '../images/storage.js';
import { refundProductCredit, reserveCredits } from '../credits/credit-ledger.js';
import { attributeRedraft, redraftedColumns } from './attribute-redraft.js';
import type { Generation } from '../drafting/index.js';
import {
  confirmedCategoryColumns,
  editedFieldsAfter,
  notFound,
  type CatalogAccess,
  type ProductEventBus,
  type ProductRepository,
  type SellerSettingsReader,
  stillGenerating,
  storedPhotos,
  toCents,
  toProduct,
} from '../catalog/index.js';
import { taxonomyCategory, type OwnedProducts } from './product-writes.js';

export const VARIANTS_NEED_PREMIUM_MESSAGE =
  'Variants are a Premium feature. Upgrade to Premium to add sizes, colours and other options.';

export interface ProductServiceDeps {
  database: DatabaseHandle;
  products: ProductRepository;
  access: CatalogAccess;
  settings: SellerSettingsReader;
  store: ImageStore;
  provider: VisionProvider;
  generation: Generation;
  events: ProductEventBus;
  /** Public origin: exported image URLs must be absolute for the stores to fetch them. */
  appUrl: string;
  log: { error(details: object, message: string): void };
}

/** A product's own changes: list, edit, delete, retry, export (re-drafts and photos are beside). */
export function createProductService(deps: ProductServiceDeps, owned: OwnedProducts) {
  const { database, products, access, settings, store, provider, generation, events, appUrl, log } =
    deps;
  const { db, kind } = database;
  const { ownedRow, updateMergingEvidence, announce } = owned;

  return {
    async list(userId: string): Promise<Product[]> {
      return (await products.listForUser(userId)).map(toProduct);
    },

    async patch(userId: string, id: string, patch: ProductPatch): Promise<Product> {
      const chosen = patch.categoryId === undefined ? null : taxonomyCategory(patch.categoryId);
      const row = await ownedRow(userId, id);
      if (patch.variants !== undefined) {
        await access.requirePremium(userId, VARIANTS_NEED_PREMIUM_MESSAGE);
      }
      // The generator would overwrite the edit when it finishes.
      if (row.generationState === 'pending') throw stillGenerating();
      // A price typed in the same request is the seller's; otherwise it may follow the category.
      const ending =
        chosen && patch.price === undefined ? (await settings.get(userId)).priceEnding : null;
      const redraft = await attributeRedraft(
        { provider, store, settings },
        userId,
        row,
        patch.confirmedAttributes,
        chosen,
      );
      const cause =
        patch.title !== undefined || patch.description !== undefined ? 'edit' : 'redraft';
      const updated = await updateMergingEvidence(userId, row, cause, (latest) => {
        const repriced =
          chosen && ending
            ? repricedForCategory(latest, chosen.id, loadPriceBaseline(), ending)
            : null;
        const editedFields = editedFieldsAfter(latest, patch);
        const redrafted = redraft ? redraftedColumns({ ...latest, editedFields }, redraft) : {};
        // A category confirmed in the same request merges its evidence into the re-draft's.
        const base = { ...latest, fieldEvidence: redrafted.fieldEvidence ?? latest.fieldEvidence };
        return {
          ...redrafted,
          editedFields,
          ...(patch.confirmedAttributes !== undefined
            ? { confirmedAttributes: JSON.stringify(patch.confirmedAttributes) }
            : {}),
          ...(patch.title !== undefined ? { title: patch.title } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
          ...(patch.price !== undefined ? { priceCents: toCents(patch.price) } : {}),
          ...(patch.variants !== undefined ? { variants: JSON.stringify(patch.variants) } : {}),
          ...(patch.seoTitle !== undefined ? { seoTitle: patch.seoTitle } : {}),
          ...(patch.seoDescription !== undefined ? { seoDescription: patch.seoDescription } : {}),
          ...(patch.condition !== undefined ? { condition: patch.condition } : {}),
          ...(chosen ? confirmedCategoryColumns(base, chosen, repriced?.evidence) : {}),
          ...repriced?.columns,
        };
      });
      return announce(userId, toProduct(updated));
    },

    /**
     * Deletes the product and the images of all its photos; a product that never generated gets
     * its credit back.
     */
    async remove(userId: string, id: string): Promise<void> {
      const row = await ownedRow(userId, id);
      generation.queue.cancel(row.id);
      const deleted = await db.transaction().execute(async (trx) => {
        await refundProductCredit(trx, row.id);
        return products.deleteForUser(trx, userId, row.id);
      });
      if (!deleted) throw notFound();
      // The photos it had when deleted: a split that came first gave the others away.
      for (const { imageId } of storedPhotos(deleted)) {
        await store.deletePrefix(imagePrefix(userId, imageId)).catch((error: unknown) => {
          log.error({ err: error, imageId }, 'could not remove deleted product images');
        });
      }
      events.announce(userId, { type: 'product-deleted', id: row.id });
    },

    /** A failed product is paid for again (one credit) and goes back to the queue. */
    async retry(userId: string, id: string): Promise<Product> {
      const row = await ownedRow(userId, id);
      if (row.generationState !== 'failed') {
        throw new HttpError(409, 'Only a product whose generation failed can be retried');
      }
      const updated = await db.transaction().execute(async (trx) => {
        const reservation = await reserveCredits(trx, kind, userId, 1);
        if (!reservation.ok) throw new HttpError(402, notEnoughCreditsMessage(reservation.have, 1));
        const claimed = await products.claimFailedForRetry(
          trx,
          userId,
          row.id,
          reservation.buckets[0]!,
        );
        // Someone else retried or deleted it meanwhile: throwing rolls the reservation back.
        if (!claimed) throw new HttpError(409, 'This product is already being generated again');
        return claimed;
      });
      const product = announce(userId, toProduct(updated));
      await generation.queue
        .enqueue([product.id])
        .catch((error: unknown) => log.error({ err: error }, 'could not enqueue a generation job'));
      return product;
    },

    /** The import CSV of the user's generated drafts, newest first. */
    async exportCsv(userId: string, platform: ExportPlatform): Promise<string> {
      const ready = (await products.listForUser(userId, true)).map((row) =>
        toExportProduct(toProduct(row), appUrl),
      );
      if (platform === 'woocommerce') return woocommerceCsv(ready);
      return platform === 'shopify' ? shopifyCsv(ready) : squarespaceCsv(ready);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
