/** Products with several photos, for the tests of the photo strip, lightbox and combining. */
import type { Product, ProductPhoto } from '#domain/products';
import { makeProduct } from '#domain/test-support/product';

/** Photo `n`: a valid image id and its two URLs. */
export function photo(n: number, fileName = `photo-${n}.jpg`): ProductPhoto {
  const imageId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    imageId,
    url: `/api/images/${imageId}/display.jpg`,
    thumbUrl: `/api/images/${imageId}/thumb.webp`,
    fileName,
  };
}

/** A ready product showing `photos`, main first, as the server sends it. */
export function productWithPhotos(photos: ProductPhoto[], overrides: Partial<Product> = {}) {
  const main = photos[0]!;
  return makeProduct({
    photos,
    imageUrl: main.url,
    thumbnailUrl: main.thumbUrl,
    images: photos.map((each) => each.url),
    fileName: main.fileName,
    ...overrides,
  });
}
