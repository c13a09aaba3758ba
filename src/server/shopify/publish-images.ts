/**
 * The product's photos as the bytes a store receives (its display JPEGs, in order), each read
 * with the size bound every other image read has (`readBounded`, 10 MB): a stored object that
 * grew beyond it (a replaced bucket, a bug) is refused, never buffered whole.
 */
import { slugify } from '#domain/slug.js';
import { HttpError } from '../http/errors.js';
import { ImageIntakeError } from '../images/errors.js';
import { readBounded } from '../images/read-bounded.js';
import { imageKey, type ImageStore } from '../images/storage.js';
import type { StagedFile } from './gateway.js';

export const IMAGE_UPLOAD_FAILED_MESSAGE =
  'The product’s image could not be uploaded to Shopify. Please try again.';

/** `{title-slug}-{n}.jpg`, as the files are named in the store. */
export const imageFilename = (title: string, index: number) =>
  `${slugify(title) || 'product'}-${index + 1}.jpg`;

export async function readPublishImages(
  images: ImageStore,
  product: { userId: string; title: string; imageIds: string[] },
): Promise<StagedFile[]> {
  return Promise.all(
    product.imageIds.map(async (imageId, i) => {
      const stored = await images.get(imageKey(product.userId, imageId, 'display'));
      if (!stored) throw new HttpError(409, IMAGE_UPLOAD_FAILED_MESSAGE, 'image-missing');
      try {
        return {
          bytes: await readBounded(stored.stream),
          filename: imageFilename(product.title, i),
          mimeType: stored.contentType,
        };
      } catch (error) {
        if (!(error instanceof ImageIntakeError)) throw error;
        throw new HttpError(409, IMAGE_UPLOAD_FAILED_MESSAGE, 'image-too-large');
      }
    }),
  );
}
