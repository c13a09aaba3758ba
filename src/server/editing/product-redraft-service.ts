/**
 * Drafting a ready product's text again without a credit: one field on request (regenerate), or
 * every field the seller has not edited from their own words ('What is this product?').
 */
import type {
  IdentifyRequest,
  Product,
  RegenerateRequest,
  RegenerateResponse,
} from '#domain/products.js';
import type { RegenerateField } from '#domain/listing-draft.js';
import { seoDescriptionFrom, seoTitleFrom } from '#domain/seo.js';
import {
  categoryPrice,
  loadPriceBaseline,
  loadTaxonomy,
  type VisionProvider,
} from '../vision/index.js';
import { HttpError } from '../http/errors.js';
import type { ImageStore } from '../images/storage.js';
import type { AnalyzerBudget } from '../limits/analyzer-budget.js';
import {
  confirmedCategoryOf,
  type ProductRow,
  readDisplayImage,
  type SellerRepository,
  type SellerSettingsReader,
  storedConfirmedAttributes,
  storedEditedFields,
  storedEvidence,
  toProduct,
} from '../catalog/index.js';
import { categoryForWords, identifiedColumns } from './identify-columns.js';
import { type OwnedProducts, taxonomyCategory } from './product-writes.js';

/** The SEO field that goes with a regenerated one, written from it unless the seller edited it. */
function seoFollowing(row: ProductRow, field: RegenerateField, text: string) {
  const edited = storedEditedFields(row);
  if (field === 'title') {
    return edited.includes('seoTitle') ? {} : { seoTitle: seoTitleFrom([text]) };
  }
  return edited.includes('seoDescription') ? {} : { seoDescription: seoDescriptionFrom(text) };
}

interface RedraftDeps {
  sellers: SellerRepository;
  settings: SellerSettingsReader;
  store: ImageStore;
  provider: VisionProvider;
  budget: AnalyzerBudget;
}

export function createRedraftService(
  { sellers, settings, store, provider, budget }: RedraftDeps,
  { ownedRow, updateMergingEvidence, announce }: OwnedProducts,
) {
  return {
    /** New text for one field from the provider, saved at once. Costs no credit. */
    async regenerate(
      userId: string,
      request: RegenerateRequest,
      signal?: AbortSignal,
    ): Promise<RegenerateResponse> {
      const row = await ownedRow(userId, request.productId);
      if (row.generationState !== 'ready') {
        throw new HttpError(409, 'Product details can only be regenerated once they exist');
      }
      // One photo described, from the seller's per-minute allowance (bulk regenerations too).
      await budget.take(userId, 1);
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
      const updated = await updateMergingEvidence(userId, row, 'regenerate', (latest) => ({
        [request.field]: result.text,
        ...seoFollowing(latest, request.field, result.text),
        ...(result.evidence
          ? {
              fieldEvidence: JSON.stringify({
                ...storedEvidence(latest),
                [request.field]: result.evidence,
              }),
            }
          : {}),
      }));
      return { result: result.text, product: announce(userId, toProduct(updated)) };
    },

    /**
     * 'What is this product?': every field the seller has not edited drafted again from their
     * words, the category confirmed, the price following it. Costs no credit.
     */
    async identify(
      userId: string,
      id: string,
      request: IdentifyRequest,
      signal?: AbortSignal,
    ): Promise<Product> {
      const taxonomy = loadTaxonomy();
      const category =
        request.categoryId === undefined
          ? categoryForWords(taxonomy, request.kind)
          : taxonomyCategory(request.categoryId);
      const row = await ownedRow(userId, id);
      if (row.generationState !== 'ready') {
        throw new HttpError(409, 'Product details can only be changed once they exist');
      }
      await budget.take(userId, 1);
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
                hints: { storeVoice: (await settings.get(userId)).storeVoice },
              },
              signal,
            )
          : null;
      const price = category
        ? categoryPrice(category.id, loadPriceBaseline(), (await settings.get(userId)).priceEnding)
        : null;
      const updated = await updateMergingEvidence(userId, row, 'identify', (latest) =>
        identifiedColumns(latest, { kind: request.kind, category, listing, price }),
      );
      return announce(userId, toProduct(updated));
    },
  };
}
