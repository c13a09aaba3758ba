/** Undo: a product's earlier titles and descriptions, listed and restored (contract: src/domain/field-versions.ts). */
import {
  versionCauseSchema,
  versionedFieldSchema,
  type FieldVersion,
  type RestoreRequest,
} from '#domain/field-versions.js';
import type { Product } from '#domain/products.js';
import { HttpError } from '../http/errors.js';
import type { FieldVersionRepository } from './field-version-repository.js';
import { editedFieldsAfter, stillGenerating, toProduct } from '../catalog/index.js';
import type { OwnedProducts } from './product-writes.js';

export function createFieldVersionService(
  versions: FieldVersionRepository,
  { ownedRow, updateMergingEvidence, announce }: OwnedProducts,
) {
  return {
    async versions(userId: string, id: string): Promise<FieldVersion[]> {
      const row = await ownedRow(userId, id);
      const rows = await versions.listForUser(userId, row.id);
      return rows.map((version) => ({
        id: String(version.id),
        field: versionedFieldSchema.parse(version.field),
        value: version.value,
        cause: versionCauseSchema.parse(version.cause),
        replacedAt: new Date(version.replacedAt).toISOString(),
      }));
    },

    /** The chosen text becomes the field's again: the seller's choice, so it counts as edited. */
    async restore(userId: string, id: string, { versionId }: RestoreRequest): Promise<Product> {
      const row = await ownedRow(userId, id);
      if (row.generationState === 'pending') throw stillGenerating();
      const version = await versions.findForUser(userId, row.id, Number(versionId));
      if (!version) throw new HttpError(404, 'This earlier version no longer exists');
      const field = versionedFieldSchema.parse(version.field);
      const updated = await updateMergingEvidence(userId, row, 'restore', (latest) => ({
        [field]: version.value,
        editedFields: editedFieldsAfter(latest, { [field]: version.value }),
      }));
      return announce(userId, toProduct(updated));
    },
  };
}
