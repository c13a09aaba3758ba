/**
 * GET /api/images/:imageId/display.jpg | thumb.webp. No session: image ids are random UUIDs,
 * so a URL is as hard to guess as a secret link, and stores can fetch exported images
 * (docs/decisions/007-image-urls.md).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/errors.js';
import { imageKey, type ImageStore } from '../images/storage.js';
import type { ProductRepository } from '../catalog/index.js';

/**
 * Browser cache only, and briefly: a shared cache (CDN, corporate proxy) must not keep a seller's
 * photo after the product or the account is deleted. Stores that import a CSV fetch once and copy.
 */
export const IMAGE_CACHE_CONTROL = 'private, max-age=3600';

const VARIANT_BY_FILE = { 'display.jpg': 'display', 'thumb.webp': 'thumb' } as const;

const imageParams = z.object({
  imageId: z.uuid(),
  file: z.enum(['display.jpg', 'thumb.webp']),
});

export async function imageRoutes(
  app: FastifyInstance,
  deps: { store: ImageStore; products: ProductRepository },
) {
  app.get('/api/images/:imageId/:file', async (request, reply) => {
    const parsed = imageParams.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, 'Not found');
    const imageId = parsed.data.imageId.toLowerCase();
    const owner = await deps.products.ownerOfImage(imageId);
    if (!owner) throw new HttpError(404, 'Not found');
    const stored = await deps.store.get(
      imageKey(owner.userId, imageId, VARIANT_BY_FILE[parsed.data.file]),
    );
    if (!stored) throw new HttpError(404, 'Not found');
    return reply
      .type(stored.contentType)
      .header('content-length', stored.size)
      .header('cache-control', IMAGE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(stored.stream);
  });
}
