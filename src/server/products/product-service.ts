/**
 * What a seller does with their draft products after upload: list, edit, delete, retry a
 * failed generation, regenerate one text field, export. Every call is scoped to the signed-in
 * user; another user's id is answered exactly like an unknown one (404).
 */
import { z } from 'zod';
import { shopifyCsv } from '#domain/export-shopify.js';
import { squarespaceCsv } from '#domain/export-squarespace.js';
import type { ExportPlatform } from '#domain/export-common.js';
import {
  identifyRequestSchema,
  productPatchSchema,
  regenerateRequestSchema,
  toExportProduct,
  type Product,
  type RegenerateResponse,
} from '#domain/products.js';
import { notEnoughCreditsMessage } from '#domain/upload-rules.js';
import type { DatabaseHandle } from '../db/connection.js';
import type { VisionProvider } from '../generation/providers/vision-provider.js';
import { loadPriceBaseline } from '../generation/price-baseline/price-baseline.js';
import { loadTaxonomy } from '../generation/taxonomy.js';
import { HttpError } from '../http/errors.js';
import { imagePrefix, type ImageStore } from '../images/storage.js';
import { attributeRedraft, redraftedColumns } from './attribute-redraft.js';
import { categoryPrice, repricedForCategory } from './category-price.js';
import { categoryForWords, identifiedColumns } from './identify-columns.js';
import { refundProductCredit, reserveCredits } from '../credits/credit-ledger.js';
import { readDisplayImage, type Generation } from './generation-jobs.js';
import {
  confirmedCategoryColumns,
  confirmedCategoryOf,
  editedFieldsAfter,
  storedConfirmedAttributes,
  storedEvidence,
  toCents,
  toProduct,
  type ProductRow,
} from './product-mapper.js';
import type { ProductEventBus } from './product-events.js';
import type { ProductColumns, ProductRepository } from './product-repository.js';
import type { SellerRepository, SellerSettingsReader } from './seller-repository.js';

export interface ProductServiceDeps {
  database: DatabaseHandle;
  products: ProductRepository;
  sellers: SellerRepository;
  settings: SellerSettingsReader;
  store: ImageStore;
  provider: VisionProvider;
  generation: Generation;
  events: ProductEventBus;
  /** Public origin: exported image URLs must be absolute for the stores to fetch them. */
  appUrl: string;
  log: { error(details: object, message: string): void };
}

const productIdSchema = z.uuid();

/** Ids are random UUIDs; anything else is refused before it reaches the database. */
export function parseProductId(id: unknown): string {
  const parsed = productIdSchema.safeParse(id);
  if (!parsed.success) throw new HttpError(400, 'Invalid product id');
  return parsed.data.toLowerCase();
}

const notFound = () => new HttpError(404, 'Product not found');
/** Concurrent evidence changes an update is merged with before the service gives up. */
const MAX_EVIDENCE_MERGES = 3;
const stillGenerating = () =>
  new HttpError(409, 'This product is still being generated. Please wait a moment.');

/** The seller's category must be a real entry of the taxonomy the stores import. */
function taxonomyCategory(categoryId: string) {
  const category = loadTaxonomy().byId(categoryId);
  if (!category) {
    throw new HttpError(
      400,
      'Unknown category. Please choose a category from the Shopify product taxonomy.',
      'unknown-category',
    );
  }
  return { id: category.gid, fullName: category.fullName };
}

export function createProductService(deps: ProductServiceDeps) {
  const {
    database,
    products,
    sellers,
    settings,
    store,
    provider,
    generation,
    events,
    appUrl,
    log,
  } = deps;
  const { db, kind } = database;

  /**
   * Writes columns computed from the stored row. When they carry evidence merged into what is
   * stored, the write only lands if the stored evidence is still the one it was merged into;
   * otherwise the row is read again and the columns computed again, so a concurrent change (a
   * category confirmed while a text is regenerated, or the reverse) is not undone.
   */
  async function updateMergingEvidence(
    userId: string,
    row: ProductRow,
    columnsFor: (latest: ProductRow) => ProductColumns,
  ): Promise<ProductRow> {
    let latest = row;
    for (let attempt = 0; attempt < MAX_EVIDENCE_MERGES; attempt++) {
      const columns = columnsFor(latest);
      const mergedInto = columns.fieldEvidence === undefined ? undefined : latest.fieldEvidence;
      const updated = await products.updateForUser(userId, row.id, columns, mergedInto);
      if (updated) return updated;
      // Gone (404), or its evidence changed: merge into the new one.
      latest = await ownedRow(userId, row.id);
    }
    throw new HttpError(409, 'The product changed meanwhile; please try again');
  }

  async function ownedRow(userId: string, id: unknown) {
    const row = await products.findForUser(userId, parseProductId(id));
    if (!row) throw notFound();
    return row;
  }

  function publish(userId: string, product: Product): Product {
    events.publish(userId, { type: 'product', product });
    return product;
  }

  return {
    async list(userId: string): Promise<Product[]> {
      return (await products.listForUser(userId)).map(toProduct);
    },

    async patch(userId: string, id: unknown, body: unknown): Promise<Product> {
      const patch = productPatchSchema.parse(body);
      const chosen = patch.categoryId === undefined ? null : taxonomyCategory(patch.categoryId);
      const row = await ownedRow(userId, id);
      // The generator would overwrite the edit when it finishes.
      if (row.generationState === 'pending') throw stillGenerating();
      // A price typed in the same request is the seller's; otherwise it may follow the category.
      const ending =
        chosen && patch.price === undefined ? (await settings.get(userId)).priceEnding : null;
      const redraft = await attributeRedraft(
        { provider, store },
        row,
        patch.confirmedAttributes,
        chosen,
      );
      const updated = await updateMergingEvidence(userId, row, (latest) => {
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
          ...(chosen ? confirmedCategoryColumns(base, chosen, repriced?.evidence) : {}),
          ...repriced?.columns,
        };
      });
      return publish(userId, toProduct(updated));
    },

    /** Deletes the product and its images; a product that never generated gets its credit back. */
    async remove(userId: string, id: unknown): Promise<void> {
      const row = await ownedRow(userId, id);
      generation.queue.cancel(row.id);
      const deleted = await db.transaction().execute(async (trx) => {
        await refundProductCredit(trx, row.id);
        return products.deleteForUser(trx, userId, row.id);
      });
      if (!deleted) throw notFound();
      await store.deletePrefix(imagePrefix(userId, row.imageId)).catch((error: unknown) => {
        log.error({ err: error, imageId: row.imageId }, 'could not remove deleted product images');
      });
      events.publish(userId, { type: 'product-deleted', id: row.id });
    },

    /** A failed product is paid for again (one credit) and goes back to the queue. */
    async retry(userId: string, id: unknown): Promise<Product> {
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
      const product = publish(userId, toProduct(updated));
      generation.queue.enqueue(product.id);
      return product;
    },

    /** New text for one field from the provider, saved at once. Costs no credit. */
    async regenerate(
      userId: string,
      body: unknown,
      signal?: AbortSignal,
    ): Promise<RegenerateResponse> {
      const request = regenerateRequestSchema.parse(body);
      const row = await ownedRow(userId, request.productId);
      if (row.generationState !== 'ready') {
        throw new HttpError(409, 'Product details can only be regenerated once they exist');
      }
      const image = await readDisplayImage(store, row);
      const confirmedCategory = confirmedCategoryOf(row);
      const result = await provider.regenerate(
        {
          image,
          mimeType: 'image/jpeg',
          field: request.field,
          current: {
            title: request.title ?? row.title,
            description: request.description ?? row.description,
          },
          confirmedCategory,
          hints: {
            storeVoice: (await settings.get(userId)).storeVoice,
            // Unconfirmed, the category may rest on the seller's lookalike products: the new
            // text names the product as the draft did.
            ...(confirmedCategory
              ? {}
              : { sellerExamples: await sellers.categoryExamples(userId, row.id) }),
          },
        },
        signal,
      );
      // The field's evidence follows the new text when the provider gives it; the rest stays.
      const updated = await updateMergingEvidence(userId, row, (latest) => ({
        [request.field]: result.text,
        ...(result.evidence
          ? {
              fieldEvidence: JSON.stringify({
                ...storedEvidence(latest),
                [request.field]: result.evidence,
              }),
            }
          : {}),
      }));
      return { result: result.text, product: publish(userId, toProduct(updated)) };
    },

    /**
     * 'What is this product?': every field the seller has not edited drafted again from their
     * words, the category confirmed, the price following it. Costs no credit.
     */
    async identify(
      userId: string,
      id: unknown,
      body: unknown,
      signal?: AbortSignal,
    ): Promise<Product> {
      const request = identifyRequestSchema.parse(body);
      const taxonomy = loadTaxonomy();
      const category =
        request.categoryId === undefined
          ? categoryForWords(taxonomy, request.kind)
          : taxonomyCategory(request.categoryId);
      const row = await ownedRow(userId, id);
      if (row.generationState !== 'ready') {
        throw new HttpError(409, 'Product details can only be changed once they exist');
      }
      const draftCategory =
        category ??
        (row.categoryId && row.categoryFullName
          ? { id: row.categoryId, fullName: row.categoryFullName }
          : null);
      const listing =
        provider.identify && draftCategory
          ? await provider.identify(
              {
                image: await readDisplayImage(store, row),
                mimeType: 'image/jpeg',
                kind: request.kind,
                category: draftCategory,
                attributes: storedConfirmedAttributes(row),
              },
              signal,
            )
          : null;
      const price = category
        ? categoryPrice(category.id, loadPriceBaseline(), (await settings.get(userId)).priceEnding)
        : null;
      const updated = await updateMergingEvidence(userId, row, (latest) =>
        identifiedColumns(latest, { kind: request.kind, category, listing, price }),
      );
      return publish(userId, toProduct(updated));
    },

    /** The import CSV of the user's generated drafts, newest first. */
    async exportCsv(userId: string, platform: ExportPlatform): Promise<string> {
      const ready = (await products.listForUser(userId, true)).map((row) =>
        toExportProduct(toProduct(row), appUrl),
      );
      return platform === 'shopify' ? shopifyCsv(ready) : squarespaceCsv(ready);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
