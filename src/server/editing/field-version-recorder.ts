/** Keeps the title or description a write replaced, so the seller can restore it. */
import {
  EDIT_VERSION_QUIET_MS,
  VERSIONED_FIELDS,
  type VersionCause,
} from '#domain/field-versions.js';
import type { FieldVersionRepository } from './field-version-repository.js';
import type { ProductRow } from '../catalog/index.js';

type Texts = Pick<ProductRow, 'id' | 'title' | 'description'>;

export async function recordReplacedTexts(
  versions: FieldVersionRepository,
  before: Texts,
  after: Texts,
  cause: VersionCause,
  now = new Date(),
): Promise<void> {
  for (const field of VERSIONED_FIELDS) {
    const value = before[field];
    if (value === after[field] || value.trim() === '') continue;
    const latest = await versions.latest(before.id, field);
    if (latest?.value === value) continue;
    // Text typed a moment ago and typed over again is a keystroke, not a version.
    if (
      cause === 'edit' &&
      latest?.cause === 'edit' &&
      now.getTime() - new Date(latest.replacedAt).getTime() < EDIT_VERSION_QUIET_MS
    ) {
      continue;
    }
    await versions.record(before.id, { field, value, cause }, now);
  }
}
