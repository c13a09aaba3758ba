/**
 * Undo for a product's text: each product keeps the last {@link FIELD_VERSIONS_KEPT} texts of its
 * title and of its description that something replaced, so an unwanted regeneration or edit is
 * one click from undone.
 *
 * Routes (need a signed-in session; another user's product answers 404 like an unknown one):
 * - GET  /api/product/:id/versions                       → {@link FieldVersionList}, newest first
 * - POST /api/product/:id/restore {@link RestoreRequest}  → Product (the text restored, saved)
 */
import { z } from 'zod';

export const FIELD_VERSIONS_KEPT = 20;

export const VERSIONED_FIELDS = ['title', 'description'] as const;
export const versionedFieldSchema = z.enum(VERSIONED_FIELDS);
export type VersionedField = z.infer<typeof versionedFieldSchema>;

/** What replaced the text: it names the version for the seller ('Before regeneration'). */
/**
 * `import` is the text as a catalogue file brought it in (kept from the first import on, so undo
 * goes back to it); `reimport` the text a later import of the same product replaced.
 */
export const VERSION_CAUSES = [
  'edit',
  'regenerate',
  'identify',
  'redraft',
  'restore',
  'import',
  'reimport',
  'improve',
] as const;
export const versionCauseSchema = z.enum(VERSION_CAUSES);
export type VersionCause = z.infer<typeof versionCauseSchema>;

export const fieldVersionSchema = z.object({
  id: z.string(),
  field: versionedFieldSchema,
  /** The text as it was before it was replaced. */
  value: z.string(),
  cause: versionCauseSchema,
  /** ISO 8601: when it was replaced. */
  replacedAt: z.string(),
});
export type FieldVersion = z.infer<typeof fieldVersionSchema>;

export const fieldVersionListSchema = z.object({ versions: z.array(fieldVersionSchema) });

export const restoreRequestSchema = z
  .object({ versionId: z.string().regex(/^\d{1,15}$/, 'Invalid version id') })
  .strict();
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

/**
 * Typing saves a field every few seconds; those in-between texts are not versions worth keeping.
 * A seller's edit replacing text that an edit of theirs wrote less than this long ago adds none.
 */
export const EDIT_VERSION_QUIET_MS = 2 * 60 * 1000;

const CAUSE_LABELS: Record<VersionCause, string> = {
  edit: 'Before your edit',
  regenerate: 'Before regeneration',
  identify: "Before 'What is this product?'",
  redraft: 'Before the draft was updated',
  restore: 'Before restoring',
  import: 'As imported',
  reimport: 'Before the import again',
  improve: 'Before an improvement you accepted',
};

export function describeVersionCause(cause: VersionCause): string {
  return CAUSE_LABELS[cause];
}
