/**
 * A local stand-in for an OpenAI-compatible chat-completions API: a real HTTP server on
 * 127.0.0.1 that records every request and answers from a per-test script (valid drafts, slow
 * answers, errors, malformed content). Unscripted requests get a 418 so a test that sends more
 * requests than it expected fails loudly instead of hanging.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (the raw text when it was not JSON). */
  body: unknown;
  /** When the whole request had arrived (Date.now()). */
  receivedAt: number;
  /** Resolves when the exchange ends: true if the client hung up before the reply was complete. */
  clientHungUp: Promise<boolean>;
}

export interface FakeReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is (to send broken bodies). */
  body?: object | string;
  /** Wait this long before answering, to outlast a client's timeout. */
  delayMs?: number;
}

export interface FakeOpenAi {
  /** What a provider is configured with, e.g. http://127.0.0.1:41234/v1. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues replies, used in order, one per request. */
  reply(...replies: FakeReply[]): void;
  /** The reply for every request once the queued ones are used up (default: none, a 418). */
  answerAll(reply: FakeReply | undefined): void;
  /** Forgets recorded requests and unused replies (between tests). */
  reset(): void;
  close(): Promise<void>;
}

/** A chat-completions response body whose first choice says `content`. */
export function completionBody(
  content: string | null,
  message: Record<string, unknown> = {},
): object {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'fake-vision',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...message },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** A 200 whose message content is exactly `content` (for fenced or broken JSON). */
export function contentReply(content: string): FakeReply {
  return { body: completionBody(content) };
}

/** A 200 whose message content is `value` as JSON, as a model in JSON mode answers. */
export function jsonReply(value: unknown): FakeReply {
  return contentReply(JSON.stringify(value));
}

/** A model answer that makes a valid draft for the black T-shirt fixture. */
export function validDraftAnswer() {
  return {
    title: 'Black Crew Neck T-Shirt',
    description: 'A plain black T-shirt with short sleeves.\n\nA crew neck and a straight hem.',
    price: {
      suggested: 18,
      low: 12,
      high: 25,
      currency: 'USD' as const,
      basis: 'comparable plain tees',
    },
    category: {
      fullName: 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts',
      confidence: 0.9,
    },
    tags: ['t-shirt', 'black', 'crew neck'],
    attributes: { colors: ['black'], material: null, brand: null, size: null },
    altText: 'Black short-sleeved T-shirt on a white background',
    seoTitle: 'Black Crew Neck T-Shirt',
    seoDescription: 'A plain black crew neck T-shirt with short sleeves and a straight hem.',
    guidance: [] as { kind: 'add-brand' | 'add-material' | 'add-size'; text: string }[],
  };
}

function send(res: ServerResponse, reply: FakeReply): void {
  const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
  res.writeHead(reply.status ?? 200, {
    'content-type': typeof reply.body === 'string' ? 'text/plain' : 'application/json',
    ...reply.headers,
  });
  res.end(body);
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let script: FakeReply[] = [];
  let fallback: FakeReply | undefined;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Recorded as text; the test decides whether that is wrong.
      }
      const clientHungUp = new Promise<boolean>((resolve) => {
        res.on('close', () => resolve(!res.writableFinished));
      });
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        receivedAt: Date.now(),
        clientHungUp,
      });

      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        send(res, {
          status: 404,
          body: { error: { message: `no route ${req.method} ${req.url}` } },
        });
        return;
      }
      const reply: FakeReply = script.shift() ??
        fallback ?? {
          status: 418,
          body: { error: { message: 'fake-openai: no reply scripted for this request' } },
        };
      if (!reply.delayMs) {
        send(res, reply);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send(res, reply);
      }, reply.delayMs);
      timers.add(timer);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => {
      script.push(...replies);
    },
    answerAll: (reply) => {
      fallback = reply;
    },
    reset: () => {
      requests.length = 0;
      script = [];
      fallback = undefined;
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
