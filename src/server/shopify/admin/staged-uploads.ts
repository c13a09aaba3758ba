/**
 * `stagedUploadsCreate`, then the multipart POST of each file to its target (stores.md §3.10
 * addendum, 'Files'): what productSet then takes as each file's `originalSource`.
 */
import { z } from 'zod';
import type { StagedFile, StagedTarget } from '../gateway.js';
import { userErrorSchema, type AdminOperation, type UserError } from './reply-schemas.js';

const stagedTargetSchema = z.object({
  url: z.string(),
  resourceUrl: z.string(),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const STAGED_UPLOADS: AdminOperation<{
  stagedUploadsCreate: { stagedTargets: StagedTarget[] | null; userErrors: UserError[] };
}> = {
  name: 'stagedUploadsCreate',
  document: `mutation ListsmithStagedUploads($input: [StagedUploadInput!]!) {
  stagedUploadsCreate(input: $input) {
    stagedTargets { url resourceUrl parameters { name value } }
    userErrors { field message }
  }
}`,
  data: z.object({
    stagedUploadsCreate: z.object({
      stagedTargets: z.array(stagedTargetSchema).nullable(),
      userErrors: z.array(userErrorSchema),
    }),
  }),
};

/** One `StagedUploadInput` per image: resource IMAGE, uploaded by POST (ADR 024). */
export const stagedUploadInput = (files: StagedFile[]) => ({
  input: files.map((file) => ({
    resource: 'IMAGE',
    filename: file.filename,
    mimeType: file.mimeType,
    httpMethod: 'POST',
    fileSize: String(file.bytes.length),
  })),
});
