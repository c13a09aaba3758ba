/**
 * The seller's decision on Improve's suggestions (src/domain/catalogue-improve.ts): an accepted
 * field is written as if the seller had typed it (a replaced description kept as a version, so
 * undo goes back to it); a rejected one is let go. Either way it leaves the pending list.
 */
import {
  remainingSuggestions,
  type Suggestion,
  type SuggestionDecisionRequest,
  type SuggestionField,
} from '#domain/catalogue-improve.js';
import type { EditedField, Product } from '#domain/products.js';
import type { DraftEvidence } from '#domain/listing-draft.js';
import {
  confirmedCategoryColumns,
  storedEditedFields,
  storedEvidence,
  storedSuggestions,
  toProduct,
  type ProductColumns,
  type ProductRow,
} from '../catalog/index.js';
import { HttpError } from '../http/errors.js';
import { improveFingerprint } from './improve-service.js';
import type { OwnedProducts } from './product-writes.js';

/** The columns an accepted suggestion writes. */
function acceptedColumns(latest: ProductRow, suggestion: Suggestion): ProductColumns {
  switch (suggestion.field) {
    case 'tags':
      return { tags: JSON.stringify(suggestion.value) };
    case 'attributes':
      return { confirmedAttributes: JSON.stringify(suggestion.value) };
    case 'category':
      return confirmedCategoryColumns(latest, suggestion.value);
    default:
      return { [suggestion.field]: suggestion.value };
  }
}

/** Fields the card marks as the seller's once accepted (a regeneration then leaves them). */
const EDITED_WHEN_ACCEPTED: Partial<Record<SuggestionField, EditedField>> = {
  description: 'description',
  seoTitle: 'seoTitle',
  seoDescription: 'seoDescription',
  attributes: 'attributes',
};

export function createSuggestionService({
  ownedRow,
  updateMergingEvidence,
  announce,
}: OwnedProducts) {
  return {
    async decide(
      userId: string,
      id: string,
      { accept, reject }: SuggestionDecisionRequest,
    ): Promise<Product> {
      const row = await ownedRow(userId, id);
      const pending = storedSuggestions(row);
      const named = [...accept, ...reject];
      if (!named.some((field) => pending.some((suggestion) => suggestion.field === field))) {
        throw new HttpError(409, 'These suggestions were already accepted or rejected.');
      }
      const updated = await updateMergingEvidence(userId, row, 'improve', (latest) => {
        const current = storedSuggestions(latest);
        const accepted = current.filter((suggestion) => accept.includes(suggestion.field));
        let columns: ProductColumns = {};
        let evidence: DraftEvidence = storedEvidence(latest);
        const edited = new Set(storedEditedFields(latest));
        for (const suggestion of accepted) {
          const written = acceptedColumns({ ...latest, ...columns } as ProductRow, suggestion);
          columns = { ...columns, ...written };
          if (written.fieldEvidence) evidence = JSON.parse(written.fieldEvidence) as DraftEvidence;
          if (
            suggestion.evidence &&
            (suggestion.field === 'description' || suggestion.field === 'tags')
          ) {
            evidence = { ...evidence, [suggestion.field]: suggestion.evidence };
          }
          const editedField = EDITED_WHEN_ACCEPTED[suggestion.field];
          if (editedField) edited.add(editedField);
        }
        const after = { ...latest, ...columns } as ProductRow;
        // Accepting is not a change of the seller's photos or words: a product paid for stays so.
        const stillPaid =
          latest.improvedFingerprint !== null &&
          latest.improvedFingerprint === improveFingerprint(latest);
        return {
          ...columns,
          fieldEvidence: JSON.stringify(evidence),
          editedFields: JSON.stringify([...edited]),
          suggestions: JSON.stringify(remainingSuggestions(current, named)),
          ...(stillPaid ? { improvedFingerprint: improveFingerprint(after) } : {}),
        };
      });
      return announce(userId, toProduct(updated));
    },
  };
}

export type SuggestionService = ReturnType<typeof createSuggestionService>;
