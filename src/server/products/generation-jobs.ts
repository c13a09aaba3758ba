/**
 * The generation job: one pending product in, a ready or failed product out. The job's state
 * is the product row, so the queue only carries ids and start-up re-enqueues what was pending.
 *
 * Products owns the job and the queue that runs it (generation-queue.ts): the job reads and
 * writes product rows, refunds the product's credit and publishes product events, while
 * `server/generation` only describes photos (providers, taxonomy, price baseline) and knows
 * nothing of products. Keeping the job here keeps that dependency one way.
 */
import { listingDraftSchema, type ListingDraft } from '#domain/listing-draft.js';
import { planFromName } from '#domain/plans.js';
import { PHOTO_MISSING } from '#domain/product-photos.js';
import { withPricePoint } from '#domain/price-points.js';
import type { DatabaseHandle } from '../db/connection.js';
import {
  appearanceSchema,
  isVisionProviderError,
  type VisionImage,
  type VisionProvider,
} from '../generation/providers/vision-provider.js';
import { HttpError } from '../http/errors.js';
import { readBounded } from '../images/read-bounded.js';
import { imageKey, type ImageStore } from '../images/storage.js';
import { refundProductCredit } from '../credits/credit-ledger.js';
import { draftedVariantsColumn } from './drafted-variants.js';
import {
  inProcessGenerationQueue,
  RetryLaterError,
  type GenerationQueue,
  type GenerationRunner,
  type JobAttempt,
} from './generation-queue.js';
import type { GenerationRepository } from './generation-repository.js';
import {
  draftColumns,
  GENERIC_GENERATION_FAILURE,
  storedConfirmedAttributes,
  storedPhotos,
  toProduct,
  type ProductRow,
} from './product-mapper.js';
import type { ProductEventBus } from './product-events.js';
import type { ProductRepository } from './product-repository.js';
import type { SellerRepository, SellerSettingsReader } from './seller-repository.js';

export interface GenerationDeps {
  database: DatabaseHandle;
  products: ProductRepository;
  jobs: GenerationRepository;
  sellers: SellerRepository;
  settings: SellerSettingsReader;
  store: ImageStore;
  provider: VisionProvider;
  events: ProductEventBus;
  concurrency: number;
  /** The queue that runs the job; default: in this process, `concurrency` at a time. */
  createQueue?: (run: GenerationRunner) => GenerationQueue;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

/**
 * The display JPEG (≤ 2048 px) a provider looks at; small enough to hold in memory. One that is
 * gone from storage is a 409 telling the seller to delete or upload again (a failed draft for
 * the generation job).
 */
export async function readDisplayImage(
  store: ImageStore,
  row: Pick<ProductRow, 'userId' | 'imageId'>,
): Promise<Buffer> {
  const stored = await store.get(imageKey(row.userId, row.imageId, 'display'));
  if (!stored) throw new HttpError(409, PHOTO_MISSING.message, PHOTO_MISSING.code);
  return readBounded(stored.stream);
}

/** Every photo of the product as a provider takes them: the main one, then the others in order. */
export async function readProductPhotos(
  store: ImageStore,
  row: Pick<ProductRow, 'userId' | 'imageId' | 'photos' | 'fileName'>,
): Promise<{ image: Buffer; mimeType: 'image/jpeg'; morePhotos: VisionImage[] }> {
  const [main, ...others] = await Promise.all(
    storedPhotos(row).map((photo) => readDisplayImage(store, { userId: row.userId, ...photo })),
  );
  return {
    image: main!,
    mimeType: 'image/jpeg',
    morePhotos: others.map((image) => ({ image, mimeType: 'image/jpeg' })),
  };
}

export interface Generation {
  queue: GenerationQueue;
  /**
   * Re-enqueues every product still pending (after a restart; on Redis also periodically, to
   * catch a product whose process died between its commit and its enqueue). Job ids dedupe.
   */
  resumePending(): Promise<number>;
}

export function createGeneration(deps: GenerationDeps): Generation {
  const { database, products, jobs, sellers, settings, store, provider, events, log } = deps;
  const { db } = database;

  async function markFailed(row: ProductRow, error: unknown): Promise<void> {
    const failure = isVisionProviderError(error)
      ? {
          code: error.code ?? GENERIC_GENERATION_FAILURE.code,
          message: error.message,
          retryable: error.retryable,
        }
      : GENERIC_GENERATION_FAILURE;
    if (!isVisionProviderError(error)) {
      log.error({ err: error, productId: row.id }, 'generation failed');
    } else {
      log.warn(
        { reason: error.reason, detail: error.detail, productId: row.id },
        'vision provider failed',
      );
    }
    const failed = await db.transaction().execute(async (trx) => {
      const updated = await jobs.markFailed(trx, row.id, failure);
      if (updated) await refundProductCredit(trx, row.id);
      return updated;
    });
    if (failed) events.publish(failed.userId, { type: 'product', product: toProduct(failed) });
  }

  async function generate(productId: string, { signal, final }: JobAttempt): Promise<void> {
    const row = await jobs.findById(productId);
    if (!row || row.generationState !== 'pending') return;
    let draft: ListingDraft;
    let premium = false;
    let appearance: number[] | undefined;
    try {
      const photos = await readProductPhotos(store, row);
      const [sellerPrices, sellerExamples, { priceEnding, storeVoice }, { planName }] =
        await Promise.all([
          sellers.priceHints(row.userId, row.id),
          sellers.categoryExamples(row.userId, row.id),
          settings.get(row.userId),
          sellers.planAndBalance(row.userId),
        ]);
      premium = planFromName(planName) === 'premium';
      const described = await provider.describe(
        { ...photos, hints: { sellerPrices, sellerExamples, storeVoice } },
        signal,
      );
      // Providers validate their own output; this keeps a faulty one from storing a bad draft.
      const checkedDraft = listingDraftSchema.parse(described);
      // Whichever provider estimated it, the seller sees a price with the ending they chose.
      draft = { ...checkedDraft, price: withPricePoint(checkedDraft.price, priceEnding) };
      // A vector that is not one (a faulty provider) is not kept; the draft still is.
      const checked = appearanceSchema.safeParse(described.appearance);
      appearance = checked.success ? checked.data : undefined;
    } catch (error) {
      // Cancelled: either the product was deleted (the delete refunded it) or the app is
      // closing (the product stays pending and is picked up again at the next start).
      if (signal.aborted) return;
      // A shared queue tries again later; the product stays pending meanwhile.
      if (!final && isVisionProviderError(error) && error.retryable) {
        throw new RetryLaterError(error.message, { cause: error });
      }
      await markFailed(row, error);
      return;
    }
    if (signal.aborted) return;
    // Variants are a premium feature: proposed with a premium seller's draft only.
    const columns = {
      ...draftColumns(draft),
      ...(premium ? draftedVariantsColumn(draft, storedConfirmedAttributes(row)) : {}),
    };
    const ready = await db.transaction().execute(async (trx) => {
      const updated = await jobs.markReady(trx, productId, columns);
      if (!updated) return undefined;
      if (appearance) await products.saveAppearance(trx, productId, appearance);
      return (await jobs.saveIfPremium(trx, productId, new Date())) ?? updated;
    });
    if (ready) events.publish(ready.userId, { type: 'product', product: toProduct(ready) });
  }

  const queue =
    deps.createQueue?.(generate) ??
    inProcessGenerationQueue({ concurrency: deps.concurrency, run: generate, log });

  return {
    queue,
    async resumePending() {
      const ids = await jobs.pendingIds();
      await queue.enqueue(ids);
      return ids.length;
    },
  };
}
