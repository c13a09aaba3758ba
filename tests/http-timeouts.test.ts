/**
 * The HTTP server's own deadlines (issue 28): a client dripping a header line, or keeping an
 * idle connection, is closed within the configured bound; a bare process needs no proxy for it.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/harness.js';

const HEADERS_MS = 500;
const KEEP_ALIVE_MS = 300;

interface Connection {
  socket: net.Socket;
  received(): string;
  closed: Promise<number>;
}

function connect(port: number): Connection {
  const socket = net.connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  let text = '';
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  return { socket, received: () => text, closed };
}

describe('HTTP server deadlines', () => {
  let h: TestApp;
  let port: number;
  beforeAll(async () => {
    h = await startTestApp({
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS),
        HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      },
    });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('closes a connection that drips its headers, within the headers deadline', async () => {
    const connection = connect(port);
    const started = Date.now();
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: app.listsmith.test\r\n');
    // One byte of a header line every 50 ms: never idle, never finished.
    const drip = setInterval(() => {
      if (!connection.socket.destroyed) connection.socket.write('X');
    }, 50);
    try {
      const closedAt = await Promise.race([
        connection.closed,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), HEADERS_MS * 8)),
      ]);
      expect(closedAt, 'still open').not.toBe(-1);
      expect(closedAt - started).toBeLessThan(HEADERS_MS * 4);
      expect(closedAt - started).toBeGreaterThanOrEqual(HEADERS_MS - 50);
      expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(drip);
      connection.socket.destroy();
    }
  });

  it('closes an idle keep-alive connection after the keep-alive deadline', async () => {
    const connection = connect(port);
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: app.listsmith.test\r\n\r\n');
    await expect.poll(() => connection.received()).toMatch(/^HTTP\/1\.1 200 /);
    const answered = Date.now();
    try {
      const closedAt = await Promise.race([
        connection.closed,
        new Promise<number>((resolve) => setTimeout(() => resolve(-1), KEEP_ALIVE_MS * 10)),
      ]);
      expect(closedAt, 'still open').not.toBe(-1);
      expect(closedAt - answered).toBeLessThan(KEEP_ALIVE_MS * 5);
    } finally {
      connection.socket.destroy();
    }
  });
});
