/**
 * Drafting a product again from all its photos (issue 16), once they are combined or split: the
 * provider describes the photos together, and every field the seller edited, the category they
 * confirmed, their attributes and variants stay as they are. Costs no credit.
 */
import {
  listingDraftSchema,
  type DraftEvidence,
  type ListingDraft,
} from '#domain/listing-draft.js';
import { withPricePoint } from '#domain/price-points.js';
import type { EditedField } from '#domain/products.js';
import { appearanceSchema, type VisionProvider } from '../vision/index.js';
import type { ImageStore } from '../images/storage.js';
import {
  draftColumns,
  type ProductColumns,
  type ProductRow,
  readProductPhotos,
  type SellerRepository,
  type SellerSettingsReader,
  storedEditedFields,
  storedEvidence,
} from '../catalog/index.js';

export interface PhotoRedraftDeps {
  provider: VisionProvider;
  store: ImageStore;
  sellers: SellerRepository;
  settings: SellerSettingsReader;
}

export interface PhotoRedraft {
  draft: ListingDraft;
  appearance: number[] | undefined;
}

/** The provider's draft of `row` with these photos (main first), at the seller's price point. */
export async function describePhotos(
  deps: PhotoRedraftDeps,
  row: ProductRow,
  photos: string,
  signal?: AbortSignal,
): Promise<PhotoRedraft> {
  const [images, sellerPrices, sellerExamples, { priceEnding, storeVoice }] = await Promise.all([
    readProductPhotos(deps.store, { ...row, photos }),
    deps.sellers.priceHints(row.userId, row.id),
    deps.sellers.categoryExamples(row.userId, row.id),
    deps.settings.get(row.userId),
  ]);
  const described = await deps.provider.describe(
    { ...images, hints: { sellerPrices, sellerExamples, storeVoice } },
    signal,
  );
  const checked = listingDraftSchema.parse(described);
  const appearance = appearanceSchema.safeParse(described.appearance);
  return {
    draft: { ...checked, price: withPricePoint(checked.price, priceEnding) },
    appearance: appearance.success ? appearance.data : undefined,
  };
}

/** Which draft columns (and evidence) each field the seller can edit covers. */
const EDITED_COLUMNS: Record<
  EditedField,
  { columns: (keyof ProductColumns)[]; evidence?: keyof DraftEvidence }
> = {
  title: { columns: ['title'], evidence: 'title' },
  description: { columns: ['description'], evidence: 'description' },
  price: { columns: ['priceCents'], evidence: 'price' },
  tags: { columns: ['tags'], evidence: 'tags' },
  altText: { columns: ['altText'] },
  // The seller's confirmed attributes are a column of their own; the drafted ones may change.
  attributes: { columns: [] },
  seoTitle: { columns: ['seoTitle'] },
  seoDescription: { columns: ['seoDescription'] },
};

/**
 * The draft's columns for `row`, less what is the seller's: the fields they edited keep their
 * text and evidence, a confirmed category stays confirmed (with its alternatives), and the
 * edited fields stay marked as edited. The product is ready afterwards.
 */
export function redraftKeepingEdits(row: ProductRow, draft: ListingDraft): ProductColumns {
  const columns: ProductColumns = { ...draftColumns(draft) };
  const stored = storedEvidence(row);
  const evidence: DraftEvidence = { ...draft.evidence };
  const edited = storedEditedFields(row);
  for (const field of edited) {
    const covered = EDITED_COLUMNS[field];
    for (const column of covered.columns) delete columns[column];
    if (covered.evidence) {
      if (stored[covered.evidence]) evidence[covered.evidence] = stored[covered.evidence];
      else delete evidence[covered.evidence];
    }
  }
  if (row.categoryConfirmedAt !== null) {
    delete columns.categoryId;
    delete columns.categoryFullName;
    delete columns.categoryConfidence;
    delete columns.categoryAlternatives;
    delete columns.categoryConfirmedAt;
    if (stored.category) evidence.category = stored.category;
    columns.guidance = JSON.stringify(
      draft.guidance.filter((item) => item.kind !== 'confirm-category'),
    );
  }
  return {
    ...columns,
    fieldEvidence: JSON.stringify(evidence),
    editedFields: JSON.stringify(edited),
    generationState: 'ready',
    generationErrorCode: null,
    generationErrorMessage: null,
    generationRetryable: null,
  };
}
