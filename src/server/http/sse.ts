/**
 * Server-sent events over a hijacked Fastify reply. Hijacking hands the raw response to us, so
 * the headers hooks already set (helmet's, the API's no-store) are copied over by hand, and
 * nothing buffers or compresses the stream.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface EventStream {
  /** Writes `event: <name>` and one `data:` line of JSON. */
  send(event: string, data: unknown): void;
  /**
   * Ends the response (the client reconnects by itself if it still wants events). With
   * `retryMs`, first tells the browser how long to wait before reconnecting.
   */
  close(retryMs?: number): void;
  readonly closed: boolean;
}

export interface EventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle connection. */
  heartbeatMs?: number;
  /** Runs once when the stream ends, whoever ended it. */
  onClose?: () => void;
}

const DEFAULT_HEARTBEAT_MS = 15_000;

export function openEventStream(
  reply: FastifyReply,
  options: EventStreamOptions = {},
): EventStream {
  const raw = reply.raw;
  const inherited: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) inherited[name] = typeof value === 'number' ? String(value) : value;
  }
  reply.hijack();
  raw.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    // The connection ends with the stream, so a server shutdown is not kept waiting by it.
    connection: 'close',
  });
  // Sends the headers now, so the client knows at once that it is connected.
  raw.write(': connected\n\n');

  let closed = false;
  const heartbeat = setInterval(() => {
    if (!closed) raw.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS);
  heartbeat.unref();

  function cleanup() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    options.onClose?.();
  }
  // The response's 'close' fires when the client goes away (the request's own 'close' fires
  // as soon as its empty body has been read, so it says nothing about the connection).
  raw.on('close', cleanup);

  return {
    send(event, data) {
      if (closed) return;
      // JSON.stringify never emits raw line breaks, so one data line always suffices.
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close(retryMs) {
      if (!raw.writableEnded) {
        if (retryMs !== undefined && !closed) raw.write(`retry: ${Math.round(retryMs)}\n\n`);
        raw.end();
      }
      cleanup();
    },
    get closed() {
      return closed;
    },
  };
}
