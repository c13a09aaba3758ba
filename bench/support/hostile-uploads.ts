/**
 * Hostile uploads for the `hostile` bench section, in the shapes tests/images/svg-hostile.test.ts
 * and tests/products/upload-body-timeout.test.ts use: SVGs that pass the cheap limits (so only
 * the render deadline stops them) and multipart bodies that stall before their closing boundary.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { checkSvgLimits } from '#server/images/svg-limits.js';
import { hugeFilterRegion, instancingBomb } from '../../tests/support/hostile-svgs.js';
import type { BenchServer } from './bench-client.js';

const UPLOAD_PATH = '/api/product/generate-product-details-from-image';
export const HOSTILE_SVGS = [
  { kind: 'nested <use>', file: instancingBomb() },
  { kind: 'blur', file: hugeFilterRegion() },
] as const;
// Over a limit they would be refused before rendering, and the bench would measure nothing.
for (const { file } of HOSTILE_SVGS) checkSvgLimits(file);

/** What a hostile upload got: the status the server answered (0: none) and when, in ms. */
export interface HostileOutcome {
  kind: string;
  status: number;
  ms: number;
}

export async function uploadSvg(
  server: BenchServer,
  cookie: string,
  { kind, file }: (typeof HOSTILE_SVGS)[number],
): Promise<HostileOutcome> {
  const boundary = `bench-hostile-${Date.now().toString(16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="art.svg"\r\n` +
        'Content-Type: image/svg+xml\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  try {
    const response = await fetch(`${server.baseUrl}${UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        cookie,
        origin: server.origin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    await response.arrayBuffer();
    return { kind, status: response.status, ms: performance.now() - started };
  } catch {
    return { kind, status: 0, ms: performance.now() - started };
  }
}

/**
 * Opens an upload over a raw socket, sends part of a file and then nothing more: no closing
 * boundary, and a Content-Length that promises more. Resolves when the server answers and closes,
 * or after `giveUpMs` (then the socket is destroyed and the status is 0).
 */
export function stalledUpload(
  server: BenchServer,
  cookie: string,
  giveUpMs: number,
): Promise<HostileOutcome> {
  const boundary = 'bench-stalled';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="cut.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    // A JPEG's start, then filler: the server only ever sees the first part of a file.
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.alloc(20_000, 0x5a),
  ]);
  const { hostname, port } = new URL(server.baseUrl);
  const started = performance.now();
  const socket = net.connect(Number(port), hostname);
  socket.write(
    `POST ${UPLOAD_PATH} HTTP/1.1\r\nHost: ${hostname}\r\nOrigin: ${server.origin}\r\n` +
      `Cookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: ${body.length + 100_000}\r\n\r\n`,
  );
  socket.write(body);
  socket.setEncoding('latin1');
  let received = '';
  let answeredAt: number | undefined;
  socket.on('data', (chunk: string) => {
    answeredAt ??= performance.now();
    received += chunk;
  });
  socket.on('error', () => {});
  return new Promise((resolve) => {
    const timer = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1] ?? 0);
      resolve({ kind: 'stalled', status, ms: (answeredAt ?? performance.now()) - started });
    });
  });
}
