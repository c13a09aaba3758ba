/**
 * POST {baseUrl}/chat/completions with a timeout per attempt, retries with backoff, and errors
 * that never carry the API key. Knows nothing about listings: it returns the 2xx body as text.
 *
 * Retried: 429, 5xx and network failures, up to `maxRetries` times, waiting `Retry-After` when
 * the server sends it (capped) and exponential backoff with jitter otherwise. Not retried: other
 * 4xx (a wrong key or model does not fix itself) and timeouts (a model that needed longer than
 * the timeout once will likely again; the error is `retryable` so a job can try again later).
 */
import { setTimeout as delay } from 'node:timers/promises';
import { VisionProviderError, type VisionFailureReason } from './vision-provider.js';

export interface RetryTiming {
  /** First backoff step; doubles per retry. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Upper bound on an honoured Retry-After, so one header cannot park a job for an hour. */
  maxRetryAfterMs: number;
  /** Replaceable so tests can see the waits without spending them. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export interface ChatCompletionsClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
  fetch?: typeof fetch;
  retry?: Partial<RetryTiming>;
}

export type PostChatCompletion = (body: object, signal?: AbortSignal) => Promise<string>;

const DEFAULT_TIMING: RetryTiming = {
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  sleep: (ms, signal) => delay(ms, undefined, { signal }),
  random: Math.random,
};

const EXCERPT_CHARS = 300;

/** Removes the key (and any bearer token an upstream echoes) from text bound for an error. */
export function redactSecret(text: string, secret: string | undefined): string {
  const withoutKey = secret ? text.split(secret).join('[redacted]') : text;
  return withoutKey.replace(/Bearer\s+[^\s"',}]+/gi, 'Bearer [redacted]');
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; undefined when absent/invalid. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function backoffMs(retry: number, timing: RetryTiming): number {
  const ceiling = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** retry);
  // "Equal jitter": never less than half the step, so retries still spread out under load.
  return Math.round(ceiling / 2 + timing.random() * (ceiling / 2));
}

type Attempt =
  | { kind: 'response'; status: number; retryAfter: string | null; text: string }
  | { kind: 'network'; detail: string; cause: unknown }
  | { kind: 'timeout' };

export function createChatCompletionsClient(
  options: ChatCompletionsClientOptions,
): PostChatCompletion {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const fetchImpl = options.fetch ?? fetch;
  const timing: RetryTiming = { ...DEFAULT_TIMING, ...options.retry };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    // Local servers (Ollama, LM Studio) need no key; sending an empty bearer confuses some.
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };
  const safe = (text: string) => redactSecret(text, options.apiKey);
  const fail = (reason: VisionFailureReason, detail: string, extra?: object) =>
    new VisionProviderError(reason, safe(detail), extra);

  async function attempt(payload: string, signal: AbortSignal | undefined): Promise<Attempt> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    const forwardAbort = () => controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: payload,
        signal: controller.signal,
      });
      // Reading the body is part of the attempt: a server can stall halfway through it.
      const text = await response.text();
      const retryAfter = response.headers.get('retry-after');
      return { kind: 'response', status: response.status, retryAfter, text };
    } catch (error) {
      if (signal?.aborted) throw fail('aborted', 'aborted by the caller', { cause: signal.reason });
      if (timedOut) return { kind: 'timeout' };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const detail = [(error as Error).message, cause?.code ?? cause?.message]
        .filter(Boolean)
        .join(': ');
      return { kind: 'network', detail, cause: error };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await timing.sleep(ms, signal);
    } catch (error) {
      if (signal?.aborted) throw fail('aborted', 'aborted by the caller while waiting to retry');
      throw error;
    }
  }

  return async function postChatCompletion(body, signal) {
    const payload = JSON.stringify(body);
    for (let retry = 0; ; retry += 1) {
      if (signal?.aborted) throw fail('aborted', 'aborted by the caller');
      const result = await attempt(payload, signal);
      const attempts = `after ${retry + 1} attempt(s)`;
      if (result.kind === 'timeout') {
        throw fail('timeout', `no complete answer within ${options.timeoutMs} ms`);
      }
      if (result.kind === 'response' && result.status >= 200 && result.status < 300) {
        return result.text;
      }
      const status = result.kind === 'response' ? result.status : undefined;
      const excerpt =
        result.kind === 'response'
          ? result.text.replace(/\s+/g, ' ').slice(0, EXCERPT_CHARS)
          : result.detail;
      const detail = `${status ? `HTTP ${status}` : 'network error'} ${attempts}: ${excerpt}`;
      const retryable = status === undefined || status === 429 || status >= 500;
      if (!retryable) throw fail('rejected', detail, { upstreamStatus: status });
      if (retry >= options.maxRetries) {
        const reason = status === 429 ? 'rate-limited' : status ? 'unavailable' : 'network';
        const cause = result.kind === 'network' ? result.cause : undefined;
        throw fail(reason, detail, { upstreamStatus: status, cause });
      }
      const retryAfter =
        result.kind === 'response' ? parseRetryAfter(result.retryAfter) : undefined;
      await wait(
        retryAfter === undefined
          ? backoffMs(retry, timing)
          : Math.min(retryAfter, timing.maxRetryAfterMs),
        signal,
      );
    }
  };
}
