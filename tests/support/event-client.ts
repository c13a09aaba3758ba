/** A real HTTP client on the product event stream (SSE), for server tests. */
import http, { type IncomingHttpHeaders } from 'node:http';
import { productEventSchema, type ProductEvent } from '#domain/products.js';

export interface EventClient {
  status: number;
  headers: IncomingHttpHeaders;
  events: ProductEvent[];
  /** Everything received, comments included. */
  text(): string;
  close(): void;
}

/**
 * A real HTTP client on the event stream, parsing `event:`/`data:` blocks as a browser does.
 * node:http with its own socket rather than fetch: undici keeps spare sockets open, which
 * would make the server's shutdown wait for them.
 */
export function connectEvents(baseUrl: string, cookie?: string): Promise<EventClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/products/events`,
      { headers: cookie ? { cookie } : {}, agent: false },
      (response) => {
        const events: ProductEvent[] = [];
        let received = '';
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          received += chunk;
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (name && data) {
              const event = productEventSchema.parse(JSON.parse(data));
              if (event.type !== name) throw new Error(`event ${name} carries ${event.type}`);
              events.push(event);
            }
          }
        });
        response.on('error', () => {});
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          text: () => received,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
