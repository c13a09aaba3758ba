/**
 * Vision provider for any OpenAI-compatible chat-completions endpoint with image input (OpenAI,
 * OpenRouter, Ollama, vLLM, LM Studio). Plain fetch, no SDK: the request is one JSON POST, and
 * the SDKs differ in what they send for non-OpenAI servers.
 *
 * The photo goes as a data URL, the answer is requested as strict JSON Schema and checked with
 * zod. The answer has the local draft's structure, the seller guidance included; the store
 * voice (account page) travels in the user message as the seller's style wishes. An answer that is not valid JSON or not a valid draft is asked for once more, then fails
 * as 'malformed'. Transport retries and timeouts live in chat-completions-client.ts.
 */
import { z } from 'zod';
import type { RegenerateField } from '#domain/listing-draft.js';
import { loadTaxonomy, type Taxonomy } from '../taxonomy.js';
import {
  createChatCompletionsClient,
  redactSecret,
  type RetryTiming,
} from './chat-completions-client.js';
import {
  answerToDraft,
  answerToFieldText,
  answerToIdentified,
  describeAnswerSchema,
  identifyAnswerSchema,
  regenerateAnswerSchema,
} from './model-answer.js';
import {
  DESCRIBE_TEMPERATURE,
  REGENERATE_TEMPERATURE,
  describeSystemPrompt,
  describeUserText,
  identifySystemPrompt,
  identifyUserText,
  regenerateSystemPrompt,
  regenerateUserText,
  userMessageWithImage,
} from './openai-prompts.js';
import { toStrictJsonSchema } from './strict-json-schema.js';
import {
  VisionProviderError,
  identifySource,
  type IdentifiedListing,
  type IdentifyInput,
  type VisionProvider,
} from './vision-provider.js';

export interface OpenAiProviderOptions {
  /** Including the version path, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  fetch?: typeof fetch;
  /** Defaults to the taxonomy shipped with the server. */
  taxonomy?: Taxonomy;
  retry?: Partial<RetryTiming>;
}

/** Built once at import: a schema strict mode cannot take fails at start-up, not per photo. */
export const DESCRIBE_RESPONSE_SCHEMA = toStrictJsonSchema(describeAnswerSchema);
export const REGENERATE_RESPONSE_SCHEMA = toStrictJsonSchema(regenerateAnswerSchema);
export const IDENTIFY_RESPONSE_SCHEMA = toStrictJsonSchema(identifyAnswerSchema);

/** A malformed answer is asked for once more; models slip, but not twice in a row often. */
const ANSWER_ATTEMPTS = 2;

const completionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          refusal: z.string().nullish(),
        }),
        finish_reason: z.string().nullish(),
      }),
    )
    .min(1),
});

type Shaped<T> = { ok: true; value: T } | { ok: false; detail: string };

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The JSON value in a message: bare, inside a ```json fence (models without JSON mode love
 * those), or with a sentence around the object. Throws SyntaxError when there is none.
 */
export function extractJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  const text = (fenced ? fenced[1]! : content).trim();
  try {
    return JSON.parse(text);
  } catch (error) {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start === -1 || end <= start) throw error;
    return JSON.parse(text.slice(start, end + 1));
  }
}

function shapeWith<A, T>(
  schema: z.ZodType<A>,
  convert: (answer: A) => z.ZodSafeParseResult<T>,
): (content: string) => Shaped<T> {
  return (content) => {
    let json: unknown;
    try {
      json = extractJson(content);
    } catch {
      return { ok: false, detail: `content is not JSON: ${content.slice(0, 200)}` };
    }
    const answer = schema.safeParse(json);
    if (!answer.success) return { ok: false, detail: `answer: ${describeIssues(answer.error)}` };
    const converted = convert(answer.data);
    return converted.success
      ? { ok: true, value: converted.data }
      : { ok: false, detail: `draft: ${describeIssues(converted.error)}` };
  };
}

export function createOpenAiProvider(options: OpenAiProviderOptions): VisionProvider {
  const taxonomy = options.taxonomy ?? loadTaxonomy();
  const post = createChatCompletionsClient(options);
  const describePrompt = describeSystemPrompt(taxonomy.verticals);
  const shapeDraft = shapeWith(describeAnswerSchema, (answer) => answerToDraft(answer, taxonomy));
  const shapeIdentified = shapeWith(identifyAnswerSchema, answerToIdentified);

  /** The message content of a completion body; a refusal ends the request right away. */
  function readContent(body: string): Shaped<string> {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, detail: `response body is not JSON: ${body.slice(0, 200)}` };
    }
    const completion = completionSchema.safeParse(json);
    if (!completion.success) {
      return { ok: false, detail: `not a chat completion: ${describeIssues(completion.error)}` };
    }
    const choice = completion.data.choices[0]!;
    if (choice.message.refusal) {
      throw new VisionProviderError('refused', `model refused: ${choice.message.refusal}`);
    }
    const content = choice.message.content?.trim();
    if (!content) {
      return { ok: false, detail: `empty content (finish_reason ${choice.finish_reason})` };
    }
    return { ok: true, value: content };
  }

  async function ask<T>(
    request: object,
    shape: (content: string) => Shaped<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const failures: string[] = [];
    for (let attempt = 1; attempt <= ANSWER_ATTEMPTS; attempt += 1) {
      const content = readContent(await post(request, signal));
      const shaped = content.ok ? shape(content.value) : content;
      if (shaped.ok) return shaped.value;
      failures.push(`attempt ${attempt}: ${shaped.detail}`);
    }
    throw new VisionProviderError('malformed', redactSecret(failures.join(' | '), options.apiKey));
  }

  function jsonSchemaFormat(name: string, schema: object) {
    return { type: 'json_schema', json_schema: { name, strict: true, schema } };
  }

  return {
    name: 'openai',

    describe(input, signal) {
      const request = {
        model: options.model,
        temperature: DESCRIBE_TEMPERATURE,
        messages: [
          { role: 'system', content: describePrompt },
          userMessageWithImage(
            describeUserText(
              input.hints?.sellerPrices,
              input.hints?.storeVoice,
              1 + (input.morePhotos?.length ?? 0),
            ),
            input,
            input.morePhotos,
          ),
        ],
        response_format: jsonSchemaFormat('listing_draft', DESCRIBE_RESPONSE_SCHEMA),
      };
      return ask(request, shapeDraft, signal);
    },

    async regenerate(input, signal) {
      const field: RegenerateField = input.field;
      const request = {
        model: options.model,
        temperature: REGENERATE_TEMPERATURE,
        messages: [
          { role: 'system', content: regenerateSystemPrompt(field) },
          userMessageWithImage(
            regenerateUserText(input.current, input.confirmedCategory, input.hints?.storeVoice),
            input,
          ),
        ],
        response_format: jsonSchemaFormat(`regenerated_${field}`, REGENERATE_RESPONSE_SCHEMA),
      };
      const shapeField = shapeWith(regenerateAnswerSchema, (answer) =>
        answerToFieldText(field, answer.text),
      );
      // A remote model says nothing checkable about what its text rests on.
      return { text: await ask(request, shapeField, signal) };
    },

    async identify(input: IdentifyInput, signal?: AbortSignal): Promise<IdentifiedListing> {
      const request = {
        model: options.model,
        temperature: DESCRIBE_TEMPERATURE,
        messages: [
          { role: 'system', content: identifySystemPrompt() },
          userMessageWithImage(identifyUserText(input, input.hints?.storeVoice), input),
        ],
        response_format: jsonSchemaFormat('identified_listing', IDENTIFY_RESPONSE_SCHEMA),
      };
      const copy = await ask(request, shapeIdentified, signal);
      // What the model's text rests on is the seller's say, as in the local provider.
      const source = identifySource(input);
      const evidence = { confidence: 1, sources: [source] };
      return { ...copy, evidence: { title: evidence, description: evidence, tags: evidence } };
    },
  };
}
