/**
 * Several photos, one listing (issue 16; contract: src/domain/api/product-photos.ts): combining
 * a seller's products into one, splitting one back into a product per photo, ordering its
 * photos, and the suggested groups of look-alike photos uploaded together. A credit pays for a
 * listing (ADR 033): combining refunds the drafts merged away (ledger reason 'combine-refund'),
 * splitting charges a credit per product split off. Another user's product id is answered like
 * an unknown one and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import type {
  CombineRequest,
  CombineResponse,
  DismissPhotoGroupRequest,
  PhotoGroup,
  PhotoGroupsResponse,
  PhotoOrderRequest,
  PhotoOrderResponse,
  SplitResponse,
} from '#domain/api/product-photos.js';
import {
  fitsOneProduct,
  photoGroupKey,
  photoOrderError,
  suggestPhotoGroups,
  TOO_MANY_PHOTOS_MESSAGE,
} from '#domain/product-photos.js';
import type { DatabaseHandle } from '../db/connection.js';
import { chargeSplit, settleCombine } from '../credits/credit-ledger.js';
import { HttpError } from '../http/errors.js';
import type { AnalyzerBudget } from '../limits/analyzer-budget.js';
import type { FieldVersionRepository } from './field-version-repository.js';
import { recordReplacedTexts } from './field-version-recorder.js';
import type { Generation } from '../drafting/index.js';
import {
  isoString,
  notFound,
  type ProductEventBus,
  type ProductRepository,
  type ProductRow,
  stillGenerating,
  storedPhotos,
  toProduct,
} from '../catalog/index.js';
import type { OwnedProducts } from './product-writes.js';
import { describePhotos, redraftKeepingEdits, type PhotoRedraftDeps } from './photo-redraft.js';
import type { PhotoRepository } from './photo-repository.js';

export interface PhotoServiceDeps extends PhotoRedraftDeps {
  database: DatabaseHandle;
  products: ProductRepository;
  photos: PhotoRepository;
  versions: FieldVersionRepository;
  generation: Generation;
  events: ProductEventBus;
  budget: AnalyzerBudget;
}

const changedMeanwhile = () =>
  new HttpError(409, 'These products changed meanwhile. Please try again.', 'products-changed');

export function createPhotoService(deps: PhotoServiceDeps, owned: OwnedProducts) {
  const { database, products, photos, versions, generation, events, budget } = deps;
  const { ownedRow, announce } = owned;
  // Row locks where they exist (PostgreSQL); SQLite runs one transaction at a time.
  const lock = database.kind === 'postgres';

  return {
    async combine(
      userId: string,
      request: CombineRequest,
      signal?: AbortSignal,
    ): Promise<CombineResponse> {
      const ids = request.productIds;
      const rows: ProductRow[] = [];
      for (const id of ids) rows.push(await ownedRow(userId, id));
      if (rows.some((row) => row.generationState === 'pending')) throw stillGenerating();
      const photoLists = rows.map(storedPhotos);
      if (!fitsOneProduct(photoLists.map((list) => list.length))) {
        throw new HttpError(400, TOO_MANY_PHOTOS_MESSAGE, 'too-many-photos');
      }
      const kept = rows[0]!;
      const merged = rows.slice(1);
      // Every photo is described: a combine of 6 photos takes 6 from the seller's allowance.
      await budget.take(userId, photoLists.flat().length);
      const allPhotos = JSON.stringify(photoLists.flat());
      const { draft, appearance } = await describePhotos(deps, kept, allPhotos, signal);

      const result = await database.db.transaction().execute(async (trx) => {
        // Locked until the end: a concurrent combine, split, edit or delete waits, or was first
        // and moved `updatedAt` (or removed the row), which this sees.
        const current = await photos.findManyForUser(trx, userId, ids, lock);
        const unchanged = rows.every((row) =>
          current.some(
            (now) => now.id === row.id && isoString(now.updatedAt) === isoString(row.updatedAt),
          ),
        );
        if (!unchanged) throw changedMeanwhile();
        await photos.setPhotos(trx, userId, kept.id, photoLists.flat());
        const deleted = await photos.deleteMerged(
          trx,
          userId,
          merged.map((row) => row.id),
        );
        if (deleted !== merged.length) throw changedMeanwhile();
        // One listing, one credit (ADR 033).
        const credits = await settleCombine(trx, database.kind, userId, kept, merged);
        const updated = await photos.update(trx, userId, kept.id, {
          ...redraftKeepingEdits(kept, draft),
          ...credits.kept,
        });
        if (!updated) throw changedMeanwhile();
        if (appearance) await products.saveAppearance(trx, kept.id, appearance);
        return { updated, refunded: credits.refunded };
      });
      await recordReplacedTexts(versions, kept, result.updated, 'redraft');
      for (const row of merged) events.announce(userId, { type: 'product-deleted', id: row.id });
      return {
        product: announce(userId, toProduct(result.updated)),
        removedProductIds: merged.map((row) => row.id),
        refundedCredits: result.refunded,
      };
    },

    async split(userId: string, id: string, signal?: AbortSignal): Promise<SplitResponse> {
      const row = await ownedRow(userId, id);
      if (row.generationState === 'pending') throw stillGenerating();
      const [main, ...others] = storedPhotos(row);
      if (others.length === 0) {
        throw new HttpError(409, 'This product has one photo: there is nothing to split.');
      }
      // The original's main photo is described now; the split-off ones are paid with credits.
      await budget.take(userId, 1);
      const mainOnly = JSON.stringify([main]);
      const { draft, appearance } = await describePhotos(deps, row, mainOnly, signal);
      const created = await database.db.transaction().execute(async (trx) => {
        // Changed since it was read (combined, split, edited, deleted): nothing is written. Locked
        // until the end, so a delete or combine racing this one waits and then sees the split.
        const [current] = await photos.findManyForUser(trx, userId, [row.id], lock);
        if (!current || isoString(current.updatedAt) !== isoString(row.updatedAt)) {
          throw changedMeanwhile();
        }
        // Each split-off product pays a credit (ADR 033); 402 and nothing written otherwise.
        const credits = await chargeSplit(trx, database.kind, userId, row, others.length);
        await photos.update(trx, userId, row.id, {
          ...redraftKeepingEdits(row, draft),
          ...credits.original,
        });
        const again = await photos.setPhotos(trx, userId, row.id, [main!]);
        if (!again) throw notFound();
        if (appearance) await products.saveAppearance(trx, row.id, appearance);
        const parts = [];
        for (const [i, photo] of others.entries()) {
          const bucket = credits.splitOff[i]!;
          const inserted = await photos.insertSplit(trx, row, randomUUID(), photo, bucket);
          await photos.setPhotos(trx, userId, inserted.id, [photo]);
          parts.push(inserted);
        }
        // Splitting says these photos are not one product: not suggested together again.
        await photos.dismissGroup(trx, userId, photoGroupKey([row.id, ...parts.map((p) => p.id)]));
        return [again, ...parts];
      });
      await recordReplacedTexts(versions, row, created[0]!, 'redraft');
      const result = created.map((each) => announce(userId, toProduct(each)));
      await generation.queue.enqueue(result.slice(1).map((product) => product.id));
      return { products: result };
    },

    async reorder(
      userId: string,
      id: string,
      request: PhotoOrderRequest,
    ): Promise<PhotoOrderResponse> {
      const row = await ownedRow(userId, id);
      const current = storedPhotos(row);
      const requested = request.imageIds.map((imageId) => imageId.toLowerCase());
      const error = photoOrderError(
        current.map((photo) => photo.imageId),
        requested,
      );
      if (error) throw new HttpError(400, error, 'invalid-photo-order');
      const ordered = requested.map((imageId) => current.find((p) => p.imageId === imageId)!);
      const updated = await database.db
        .transaction()
        .execute((trx) => photos.setPhotos(trx, userId, row.id, ordered));
      if (!updated) throw notFound();
      return { product: announce(userId, toProduct(updated)) };
    },

    async groups(userId: string): Promise<PhotoGroupsResponse> {
      const [candidates, dismissed] = await Promise.all([
        photos.groupCandidates(userId),
        photos.dismissedGroupKeys(userId),
      ]);
      const groups = suggestPhotoGroups(
        candidates.map((row) => ({
          id: row.id,
          batch: isoString(row.createdAt),
          appearance: row.appearance,
          photoCount: storedPhotos(row).length,
        })),
        dismissed,
      );
      return {
        groups: groups.map((productIds): PhotoGroup => ({
          id: photoGroupKey(productIds),
          productIds,
        })),
      };
    },

    async dismissGroup(userId: string, request: DismissPhotoGroupRequest): Promise<void> {
      const ids = request.productIds;
      await database.db.transaction().execute(async (trx) => {
        const found = await photos.findManyForUser(trx, userId, ids);
        if (found.length !== new Set(ids).size) throw notFound();
        await photos.dismissGroup(trx, userId, photoGroupKey([...new Set(ids)]));
      });
    },
  };
}
