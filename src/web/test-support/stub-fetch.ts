/** A fetch stub for component tests: handlers by "METHOD /path" prefix, and the calls made. */
import { vi } from 'vitest';

/**
 * A JSON response to give, a Response given as it is (a body that is not JSON), or an Error to
 * throw as fetch does when the network fails.
 */
export type Reply = { status?: number; body?: unknown } | Response | Error;
export type Handler = (body: unknown, url: string) => Reply | Promise<Reply>;

/**
 * Stubs `fetch`: keys are "METHOD /path" prefixes, the longest match wins; unmatched calls fail
 * the test loudly. Handlers may be async, so a test can hold a request open.
 */
export function stubFetch(handlers: Record<string, Reply | Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const request = `${init?.method ?? 'GET'} ${url}`;
    const key = Object.keys(handlers)
      .filter((prefix) => request.startsWith(prefix))
      .sort((a, b) => b.length - a.length)[0];
    if (!key) throw new Error(`Unexpected fetch: ${request}`);
    const entry = handlers[key]!;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = typeof entry === 'function' ? await entry(body, url) : entry;
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls made to one "METHOD /path" prefix, with their JSON bodies. */
export function callsTo(mock: ReturnType<typeof stubFetch>, request: string): unknown[] {
  return mock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`.startsWith(request))
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
