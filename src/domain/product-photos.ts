/**
 * Pure rules of a product's photos (issue 16): the order a seller may give them, how many a
 * combined product may hold, and which photos uploaded together look like one product.
 */
import { MAX_PRODUCT_PHOTOS } from './products';

export const PHOTO_ORDER_MESSAGES = {
  count: 'Send every photo of the product exactly once.',
  unknown: 'One of the photos does not belong to this product.',
  repeated: 'Each photo can appear only once.',
} as const;

/**
 * Whether `requested` is exactly the product's photos (`current`) in some order: an error
 * message safe to show otherwise.
 */
export function photoOrderError(
  current: readonly string[],
  requested: readonly string[],
): string | null {
  const known = new Set(current);
  if (requested.some((id) => !known.has(id))) return PHOTO_ORDER_MESSAGES.unknown;
  if (new Set(requested).size !== requested.length) return PHOTO_ORDER_MESSAGES.repeated;
  if (requested.length !== current.length) return PHOTO_ORDER_MESSAGES.count;
  return null;
}

/**
 * A product photo whose stored image is gone (storage lost it): a draft from it is impossible,
 * and the seller is told what to do instead (issue 28).
 */
export const PHOTO_MISSING = {
  code: 'photo-missing',
  message:
    'This product’s photo is missing from image storage, so its details cannot be drafted again. Delete the product, or upload the photo again.',
} as const;

export const TOO_MANY_PHOTOS_MESSAGE = `A product can have at most ${MAX_PRODUCT_PHOTOS} photos.`;

/** Whether products with these photo counts can become one product. */
export function fitsOneProduct(photoCounts: readonly number[]): boolean {
  return photoCounts.reduce((sum, count) => sum + count, 0) <= MAX_PRODUCT_PHOTOS;
}

/**
 * How alike (cosine of the appearance vectors) two photos must be to be offered as one product.
 * The analyzer's evaluation (lookalikes.ts) found photos alike by 0.85–0.90 of the same kind of
 * product 61 % of the time and by 0.90 or more always; inside one upload the same kind is
 * almost always the same product, and the seller still decides.
 */
export const SAME_PRODUCT_SIMILARITY = 0.86;

/** A review draft that may be grouped: its upload, its main photo's look, its photo count. */
export interface GroupCandidate {
  id: string;
  /** Products with the same batch were uploaded together. */
  batch: string;
  appearance: readonly number[];
  photoCount: number;
}

/** The stable key of a set of products: their ids, sorted, comma-separated. */
export function photoGroupKey(productIds: readonly string[]): string {
  return [...productIds].sort().join(',');
}

function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa === 0 || bb === 0 ? 0 : dot / Math.sqrt(aa * bb);
}

/**
 * Groups of candidates (in the order given: upload order) that look like one product: inside a
 * batch, each photo joins the first group whose every member it is alike to (so a chain of
 * slightly different photos does not become one), while the group's photos fit one product.
 * Groups the seller dismissed, and any part of one, are not offered again.
 */
export function suggestPhotoGroups(
  candidates: readonly GroupCandidate[],
  dismissedKeys: readonly string[],
  threshold = SAME_PRODUCT_SIMILARITY,
): string[][] {
  const dismissed = dismissedKeys.map((key) => new Set(key.split(',')));
  const groups: GroupCandidate[][] = [];
  for (const candidate of candidates) {
    const group = groups.find(
      (members) =>
        members[0]!.batch === candidate.batch &&
        fitsOneProduct([...members, candidate].map((member) => member.photoCount)) &&
        members.every((member) => cosine(member.appearance, candidate.appearance) >= threshold),
    );
    if (group) group.push(candidate);
    else groups.push([candidate]);
  }
  return groups
    .filter((group) => group.length >= 2)
    .map((group) => group.map((member) => member.id))
    .filter((ids) => !dismissed.some((set) => ids.every((id) => set.has(id))));
}
