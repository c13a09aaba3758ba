/**
 * Improve (issue 25, src/domain/catalogue-improve.ts): suggestions for a library product's
 * fields, from its photos and from what the seller wrote, kept on the product until the seller
 * accepts or rejects each. One credit per product improved, charged once per photos and text.
 * It is called by the library's Improve run (ADR 048), one product at a time: the run's queue
 * paces the analyzer, so the per-minute budget that guards requests does not apply.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  changesProduct,
  fieldsToSuggest,
  improveOutcomeMessage,
  type ImproveAction,
  type Suggestion,
  type SuggestionField,
} from '#domain/catalogue-improve.js';
import { totalCredits } from '#domain/credits.js';
import { CONFIRMED_CATEGORY_SOURCE, IDENTIFY_KIND_LIMITS } from '#domain/products.js';
import { fitText, LISTING_DRAFT_LIMITS } from '#domain/listing-draft.js';
import { seoDescriptionFrom, seoTitleFrom } from '#domain/seo.js';
import { factsFromSellerText, sellerTextSource } from '#domain/seller-text-facts.js';
import type { DatabaseHandle } from '../db/connection.js';
import { HttpError } from '../http/errors.js';
import type { ImageStore } from '../images/storage.js';
import { reserveCredits } from '../credits/credit-ledger.js';
import {
  readDisplayImage,
  storedPhotos,
  storedSuggestions,
  toProduct,
  type ProductRow,
  type SellerRepository,
  type SellerSettingsReader,
} from '../catalog/index.js';
import { loadTaxonomy, type IdentifiedListing, type VisionProvider } from '../vision/index.js';
import { categoryForWords } from './identify-columns.js';
import type { OwnedProducts } from './product-writes.js';

export const NO_CREDITS_TO_IMPROVE =
  'You have no credits left to improve this product. Buy a credit pack to go on.';
const NOTHING_EMPTY = 'Nothing to improve: the fields you picked are already filled.';
const NOTHING_BETTER = 'No better text was found for the fields you picked.';

export interface ImproveOutcome {
  /** 'no-credits': the product needed a credit and none was left; nothing was written. */
  outcome: 'done' | 'skipped' | 'no-credits';
  message: string;
  suggested: SuggestionField[];
  charged: boolean;
}

interface ImproveDeps {
  database: DatabaseHandle;
  sellers: Pick<SellerRepository, 'standing'>;
  settings: SellerSettingsReader;
  store: ImageStore;
  provider: VisionProvider;
}

/**
 * What the seller's improvement pays for: the photos and the text they wrote. Accepting a
 * suggestion moves it on (the product stays paid for); an edit or a new photo does not.
 */
export function improveFingerprint(
  row: Pick<ProductRow, 'photos' | 'imageId' | 'fileName' | 'title' | 'description' | 'categoryId'>,
): string {
  const photos = storedPhotos(row).map((photo) => photo.imageId);
  return createHash('sha256')
    .update(JSON.stringify([photos, row.title, row.description, row.categoryId ?? '']))
    .digest('hex');
}

/** The main photo, unless there is none yet or it is the plain tile of an image not fetched. */
async function photoOf(store: ImageStore, row: ProductRow): Promise<Buffer | null> {
  const image = await readDisplayImage(store, row).catch((error: unknown) => {
    if (error instanceof HttpError) return null;
    throw error;
  });
  if (!image) return null;
  const { channels } = await sharp(image).stats();
  return channels.every((channel) => channel.stdev < 1) ? null : image;
}

/** The title is the seller's own name for the product, cut to what 'What is this product?' takes. */
function kindOf(title: string): string {
  return fitText(title.replace(/\s+/g, ' ').trim(), IDENTIFY_KIND_LIMITS.max);
}

export function createImproveService(
  { database, sellers, settings, store, provider }: ImproveDeps,
  { announce }: Pick<OwnedProducts, 'announce'>,
) {
  const { db, kind: databaseKind } = database;

  /** The suggestions for `wanted`, before checking which would change anything. */
  async function draftSuggestions(
    userId: string,
    row: ProductRow,
    wanted: readonly SuggestionField[],
  ): Promise<Suggestion[]> {
    const product = toProduct(row);
    const facts = factsFromSellerText(row.description);
    const factSources = facts.map((fact) => sellerTextSource('description', fact.quote));
    const titleSource = sellerTextSource('title', row.title);
    const category =
      product.category ?? (row.title.trim() ? categoryForWords(loadTaxonomy(), row.title) : null);
    const known = new Set(product.confirmedAttributes.map((a) => a.name.toLowerCase()));
    const newFacts = facts
      .filter((fact) => !known.has(fact.name.toLowerCase()))
      .map(({ name, value }) => ({ name, value }));

    const needsCopy = wanted.some((field) =>
      ['description', 'seoTitle', 'seoDescription', 'altText', 'tags'].includes(field),
    );
    let listing: IdentifiedListing | null = null;
    if (needsCopy && provider.identify && category && row.title.trim()) {
      const image = await photoOf(store, row);
      if (image) {
        listing = await provider.identify({
          image,
          mimeType: 'image/jpeg',
          kind: kindOf(row.title),
          category: { id: category.id, fullName: category.fullName },
          attributes: [...product.confirmedAttributes, ...newFacts],
          hints: { storeVoice: (await settings.get(userId)).storeVoice },
        });
      }
    }
    // The writer names a category it was given as the seller's; one read from the title is not.
    const confirmedSource = `category: ${CONFIRMED_CATEGORY_SOURCE}`;
    const honest = (sources: readonly string[]): string[] =>
      product.category
        ? [...sources]
        : sources.map((source) =>
            source === confirmedSource ? 'category: read from your title' : source,
          );
    const withFacts = (sources: readonly string[] = []) => ({
      confidence: 1,
      // The seller's words first: they are what a rewrite must not lose.
      sources: [...new Set([...factSources, ...honest(sources)])].slice(
        0,
        LISTING_DRAFT_LIMITS.evidenceSourcesMax,
      ),
    });

    const suggestions: Suggestion[] = [];
    for (const field of wanted) {
      if (field === 'description' && listing) {
        suggestions.push({
          field,
          value: listing.description,
          evidence: withFacts(listing.evidence.description.sources),
        });
      } else if (field === 'altText' && listing) {
        suggestions.push({ field, value: listing.altText });
      } else if (field === 'tags' && listing) {
        const { confidence, sources } = listing.evidence.tags;
        suggestions.push({
          field,
          value: listing.tags,
          evidence: { confidence, sources: honest(sources) },
        });
      } else if (field === 'seoTitle') {
        const value = listing?.seoTitle ?? (row.title.trim() ? seoTitleFrom([row.title]) : '');
        if (value) suggestions.push({ field, value, evidence: withFacts([titleSource]) });
      } else if (field === 'seoDescription') {
        const value = listing?.seoDescription ?? seoDescriptionFrom(row.description);
        if (value) suggestions.push({ field, value });
      } else if (field === 'category' && category && !product.category) {
        suggestions.push({
          field,
          value: { id: category.id, fullName: category.fullName },
          evidence: { confidence: 1, sources: [titleSource] },
        });
      } else if (field === 'attributes' && newFacts.length > 0) {
        suggestions.push({
          field,
          value: [...product.confirmedAttributes, ...newFacts],
          evidence: withFacts(),
        });
      }
    }
    return suggestions.filter((suggestion) => changesProduct(product, suggestion));
  }

  /**
   * Writes the suggestions (replacing pending ones of the same fields) and, unless this photos
   * and text were paid for, takes the credit in the same transaction. False: no credit left.
   */
  async function keep(
    userId: string,
    row: ProductRow,
    suggestions: readonly Suggestion[],
    fingerprint: string,
  ): Promise<{ row: ProductRow; charged: boolean } | null> {
    return db
      .transaction()
      .execute(async (trx) => {
        const fields = new Set(suggestions.map((suggestion) => suggestion.field));
        const kept = storedSuggestions(row).filter((pending) => !fields.has(pending.field));
        // Charged only by the write that moves the fingerprint on: a run delivered twice, or two
        // at once, finds it moved by the other (the row's lock orders them) and pays nothing.
        const moved = await trx
          .updateTable('products')
          .set({ improvedFingerprint: fingerprint })
          .where('id', '=', row.id)
          .where('userId', '=', userId)
          .where((eb) =>
            eb.or([
              eb('improvedFingerprint', 'is', null),
              eb('improvedFingerprint', '<>', fingerprint),
            ]),
          )
          .executeTakeFirst();
        const charged = Number(moved.numUpdatedRows) === 1;
        const updated = await trx
          .updateTable('products')
          .set({
            suggestions: JSON.stringify([...kept, ...suggestions]),
            updatedAt: new Date().toISOString(),
          })
          .where('id', '=', row.id)
          .where('userId', '=', userId)
          .returningAll()
          .executeTakeFirst();
        if (!updated) throw new HttpError(404, 'Product not found');
        if (charged) {
          const paid = await reserveCredits(trx, databaseKind, userId, 1, 'improve');
          if (!paid.ok) throw new NoCreditLeft();
        }
        return { row: updated, charged };
      })
      .catch((error: unknown) => {
        if (error instanceof NoCreditLeft) return null;
        throw error;
      });
  }

  return {
    /** Whether the product's photos and text were paid for already: improving it is free. */
    improvedBefore: (row: ProductRow): boolean =>
      row.improvedFingerprint === improveFingerprint(row),

    /** Suggestions for one product of the seller's library (the caller checked it is theirs). */
    async improve(userId: string, row: ProductRow, action: ImproveAction): Promise<ImproveOutcome> {
      const wanted = fieldsToSuggest(toProduct(row), action.fields, action.mode);
      if (wanted.length === 0) {
        return { outcome: 'skipped', message: NOTHING_EMPTY, suggested: [], charged: false };
      }
      const fingerprint = improveFingerprint(row);
      const paidBefore = row.improvedFingerprint === fingerprint;
      if (!paidBefore) {
        if (totalCredits(await sellers.standing(userId)) < 1) {
          return {
            outcome: 'no-credits',
            message: NO_CREDITS_TO_IMPROVE,
            suggested: [],
            charged: false,
          };
        }
      }
      const suggestions = await draftSuggestions(userId, row, wanted);
      if (suggestions.length === 0) {
        return { outcome: 'skipped', message: NOTHING_BETTER, suggested: [], charged: false };
      }
      const kept = await keep(userId, row, suggestions, fingerprint);
      if (!kept) {
        return {
          outcome: 'no-credits',
          message: NO_CREDITS_TO_IMPROVE,
          suggested: [],
          charged: false,
        };
      }
      announce(userId, toProduct(kept.row));
      const suggested = suggestions.map((suggestion) => suggestion.field);
      return {
        outcome: 'done',
        message: improveOutcomeMessage(suggested, kept.charged),
        suggested,
        charged: kept.charged,
      };
    },
  };
}

class NoCreditLeft extends Error {}
