/**
 * The shape of every GraphQL Admin API answer (stores.md §3.8 and its 2026-11 addendum), as zod
 * schemas: the envelope (`data`, `errors`, `extensions.cost`) and the `userErrors` each mutation
 * returns. Each operation's own `data` schema lives with its document (one file per operation).
 */
import { z } from 'zod';

/** The leaky bucket as Shopify reports it after each call. */
export const throttleStatusSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number().positive(),
});
export type ThrottleStatus = z.infer<typeof throttleStatusSchema>;

const costSchema = z.object({
  requestedQueryCost: z.number().nullish(),
  actualQueryCost: z.number().nullish(),
  throttleStatus: throttleStatusSchema.optional(),
});

/** A top-level GraphQL error; `extensions.code` is `THROTTLED` when the bucket is empty. */
const graphqlErrorSchema = z.object({
  message: z.string(),
  extensions: z.object({ code: z.string().optional() }).optional(),
});

/** `errors` is a list, or a plain string on an authentication failure. */
export const envelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z.union([z.string(), z.array(graphqlErrorSchema)]).optional(),
  extensions: z.object({ cost: costSchema.optional() }).optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** `{ field, message, code }`: a mutation's refusal, in Shopify's words. */
export const userErrorSchema = z.object({
  /** The path to the input field (`['input', 'title']`), or null for the whole input. */
  field: z.array(z.union([z.string(), z.number()])).nullish(),
  message: z.string(),
  code: z.string().nullish(),
});
export type UserError = z.infer<typeof userErrorSchema>;

export const nodesOf = <T extends z.ZodType>(node: T) => z.object({ nodes: z.array(node) });
export const idNode = z.object({ id: z.string() });

/** What a Shopify operation is: its document, what its `data` must look like, what it costs. */
export interface AdminOperation<T> {
  /** Named in logs and in the error a malformed answer raises. */
  name: string;
  document: string;
  data: z.ZodType<T>;
}
