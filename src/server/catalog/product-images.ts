/**
 * A product's photos as a vision provider takes them, read from the image store with a size
 * bound: the generation job (drafting) and every re-draft (editing) read them the same way.
 */
import { PHOTO_MISSING } from '#domain/product-photos.js';
import { HttpError } from '../http/errors.js';
import { readBounded } from '../images/read-bounded.js';
import { imageKey, type ImageStore } from '../images/storage.js';
import type { VisionImage } from '../vision/index.js';
import { storedPhotos, type ProductRow } from './product-row.js';

/**
 * The display JPEG (≤ 2048 px) a provider looks at; small enough to hold in memory. One that is
 * gone from storage is a 409 telling the seller to delete or upload again (a failed draft for
 * the generation job).
 */
export async function readDisplayImage(
  store: ImageStore,
  row: Pick<ProductRow, 'userId' | 'imageId'>,
): Promise<Buffer> {
  const stored = await store.get(imageKey(row.userId, row.imageId, 'display'));
  if (!stored) throw new HttpError(409, PHOTO_MISSING.message, PHOTO_MISSING.code);
  return readBounded(stored.stream);
}

/** Every photo of the product as a provider takes them: the main one, then the others in order. */
export async function readProductPhotos(
  store: ImageStore,
  row: Pick<ProductRow, 'userId' | 'imageId' | 'photos' | 'fileName'>,
): Promise<{ image: Buffer; mimeType: 'image/jpeg'; morePhotos: VisionImage[] }> {
  const [main, ...others] = await Promise.all(
    storedPhotos(row).map((photo) => readDisplayImage(store, { userId: row.userId, ...photo })),
  );
  return {
    image: main!,
    mimeType: 'image/jpeg',
    morePhotos: others.map((image) => ({ image, mimeType: 'image/jpeg' })),
  };
}
