/**
 * One fetch wrapper for every API call: same-origin cookies, JSON, and errors as ApiError. Every
 * JSON reply is parsed with its contract from src/domain; a reply that breaks it is an ApiError
 * like a failed call, so the screen shows its usual error instead of reading a wrong shape.
 */
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { errorReplySchema } from '#domain/api/error-reply';
import { AUTH_MESSAGES } from '#domain/auth-messages';
import { takeEarlyRequest } from './early-requests';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

/** The code of an ApiError for a 2xx reply that is not JSON or not the expected shape. */
export const INVALID_REPLY = 'INVALID_REPLY';

/** Shown when a call gives no message of its own (the spec's generic text). */
export const GENERIC_ERROR_MESSAGE = AUTH_MESSAGES.generic;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Message used when the server gives none, or its reply is not what was expected. */
  fallbackMessage?: string;
  /** Lets the request outlive a page that is going away (pagehide). */
  keepalive?: boolean;
  /** Gives up (as a network failure) when no answer came in time; default 15 s. */
  timeoutMs?: number;
  /** Abandons the request, e.g. a search the seller has typed past (react-query's signal). */
  signal?: AbortSignal;
}

/** A server that is up answers in well under this; a dead connection otherwise hangs for minutes. */
const DEFAULT_TIMEOUT_MS = 15_000;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The server's message and code from an error body, if it gave them (see error-reply.ts). */
export function errorPayload(text: string): { message?: string; code?: string } {
  const json = parseJson(text);
  // Not JSON, or not the error shape: the fallback says it better than a raw body would.
  const parsed = json.ok ? safeParse(errorReplySchema, json.value) : undefined;
  if (!parsed?.success) return {};
  const { error, message, code } = parsed.data;
  const shown = [error, message].find((value) => value !== undefined && value !== '');
  return {
    ...(shown !== undefined ? { message: shown } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

/** The successful Response itself (for bodies that are not JSON); failures as ApiError. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, fallbackMessage = GENERIC_ERROR_MESSAGE } = options;
  let response: Response;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const abandon = () => controller.abort();
  if (options.signal?.aborted) abandon();
  options.signal?.addEventListener('abort', abandon, { once: true });
  const early = method === 'GET' && body === undefined ? takeEarlyRequest(path) : undefined;
  try {
    response = await (early ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        signal: options.signal
          ? AbortSignal.any([controller.signal, options.signal])
          : controller.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
  } catch {
    throw new ApiError(0, 'Failed to fetch', 'NETWORK');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abandon);
  }
  if (!response.ok) {
    const payload = errorPayload(await response.text());
    throw new ApiError(response.status, payload.message ?? fallbackMessage, payload.code);
  }
  return response;
}

/**
 * A call whose reply is JSON of `schema`: the parsed reply. A 2xx reply that is empty, not JSON
 * or not of the schema fails with {@link INVALID_REPLY} and the fallback message; the schema's
 * findings ride along as the error's cause for debugging.
 */
export async function apiFetch<Schema extends $ZodType>(
  path: string,
  schema: Schema,
  options: RequestOptions = {},
): Promise<output<Schema>> {
  const text = await (await apiRequest(path, options)).text();
  return readReply(text, schema, options.fallbackMessage);
}

/** A 2xx reply's text as JSON of `schema`, or {@link invalidReply} (see apiFetch). */
export function readReply<Schema extends $ZodType>(
  text: string,
  schema: Schema,
  fallbackMessage?: string,
): output<Schema> {
  const json = parseJson(text);
  if (!json.ok) throw invalidReply(fallbackMessage, json.error);
  const parsed = safeParse(schema, json.value);
  if (!parsed.success) throw invalidReply(fallbackMessage, parsed.error);
  return parsed.data;
}

/** The error for a 2xx reply that is not what was expected; `cause` says what was wrong. */
export function invalidReply(fallbackMessage: string | undefined, cause: unknown): ApiError {
  return new ApiError(502, fallbackMessage ?? GENERIC_ERROR_MESSAGE, INVALID_REPLY, { cause });
}

/** A call that answers no body the app reads (e.g. 204): succeeds on any 2xx. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  const response = await apiRequest(path, options);
  // Read to the end so the connection is released; the body itself means nothing here.
  await response.arrayBuffer();
}
