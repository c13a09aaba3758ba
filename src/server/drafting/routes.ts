/**
 * The upload: photos in, pending products out (contract: src/domain/products.ts). The rest of
 * a product's routes are the editing capability's.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { uploadResponseSchema } from '#domain/products.js';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '#domain/upload-rules.js';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import type { UploadPart } from './upload-intake.js';
import type { UploadService } from './upload-service.js';

export interface UploadRouteDeps {
  uploads: UploadService;
  requireSession: RequireSession;
}

export async function uploadRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  const { uploads } = deps;
  const routes = zodRoutes(app, deps.requireSession);

  await app.register(multipart, {
    // Over-size files are cut at the limit and marked truncated; the upload rejects that
    // file alone with the spec's message instead of failing the whole request.
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_UPLOAD.premium,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: MAX_FILES_PER_UPLOAD.premium + 10,
      headerPairs: 100,
    },
  });

  routes.post(
    '/api/product/generate-product-details-from-image',
    { config: SIGNED_IN, schema: { response: { 202: uploadResponseSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, 'Failed to process uploaded files');
      const result = await uploads.upload(
        request.sessionUser.id,
        request.parts() as AsyncIterable<UploadPart>,
      );
      return reply.code(202).send(result);
    },
  );
}
