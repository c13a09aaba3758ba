/**
 * What the analyzer's evaluation scripts share (evaluate-analyzer.ts, calibrate-kind.ts): the
 * labels of a photo set, the analyzer's saved evidence of it, and how a draft is judged against a
 * label (a category in kind, a word in a title).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ListingEvidence } from '#server/vision/providers/local/evidence.js';

export const labelsSchema = z.array(
  z.object({
    file: z.string().min(1),
    categories: z.array(z.string().min(1)).min(1),
    titleWords: z.array(z.string().min(1)).min(1),
    /** Held-out set only: the stamp's path inside the Debian package it was built from. */
    stamp: z.string().min(1).optional(),
  }),
);
export type PhotoLabel = z.infer<typeof labelsSchema>[number];

export async function readLabels(file: string): Promise<PhotoLabel[]> {
  return labelsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/** Evidence saved by `evaluate-analyzer --save-evidence`, by photo file name. */
export async function readSavedEvidence(file: string): Promise<Map<string, ListingEvidence>> {
  const saved = z
    .array(z.object({ file: z.string(), evidence: z.custom<ListingEvidence>() }))
    .parse(JSON.parse(await readFile(file, 'utf8')));
  return new Map(saved.map(({ file: name, evidence }) => [path.basename(name), evidence]));
}

/** Levels an ancestor needs to count as right-but-broader: below a vertical, not the vertical. */
const MIN_BROADER_LEVELS = 2;

/** Whether `predicted` is a labelled category, or a deep enough ancestor or a descendant of one. */
export function relatedCategory(predicted: string, labelled: readonly string[]): boolean {
  return labelled.some(
    (name) =>
      name === predicted ||
      (name.startsWith(`${predicted} > `) && predicted.split(' > ').length >= MIN_BROADER_LEVELS) ||
      predicted.startsWith(`${name} > `),
  );
}

/** A label word counts when the title has it as whole words, singular or plural. */
export function hasWord(title: string, word: string): boolean {
  const escaped = word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}(e?s)?($|[^\\p{L}])`, 'u').test(title.toLowerCase());
}

/** Whether a text (a title, a noun) has one of the label's product words. */
export function namesLabel(text: string, label: PhotoLabel): boolean {
  return label.titleWords.some((word) => hasWord(text, word));
}
