/**
 * The first screen's API reads (#domain/api/first-screen-reads), begun by the entry script before
 * the screen's code has loaded (ADR 029): on HTTP/1.1 that code arrives in several waves of six
 * files, and the reads used to start after the last wave. The page the server sends for a
 * signed-in screen preloads them (ADR 052), which this fetch picks up. The first GET of each path
 * (api-client.ts) takes the response instead of asking again. No imports: this runs in the entry
 * chunk.
 */
/** As the API client's own limit. */
const TIMEOUT_MS = 15_000;
/** An early read not taken by then is left unused: a later read asks the server again. */
const FRESH_MS = 10_000;

const started = new Map<string, { response: Promise<Response>; at: number }>();

export function startEarlyRequests(paths: readonly string[]): void {
  for (const path of paths) {
    const response = fetch(path, {
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // A read nobody takes must not end as an unhandled rejection.
    response.catch(() => undefined);
    started.set(path, { response, at: performance.now() });
  }
}

/** The early response for a GET of `path`, once and while fresh. */
export function takeEarlyRequest(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  started.delete(path);
  return early && performance.now() - early.at < FRESH_MS ? early.response : undefined;
}
