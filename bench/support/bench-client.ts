/** Client side of the generation benchmarks: a server process, a streamed upload, an SSE reader. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MALLOC_SETTINGS, NODE_MEMORY_FLAGS } from '#server/malloc-settings.js';

export interface BenchServer {
  baseUrl: string;
  cookie: string;
  /** Session cookies of the other accounts asked for with BENCH_OTHER_ACCOUNTS. */
  otherCookies: string[];
  origin: string;
  pid: number;
  stop(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const child: ChildProcess = spawn(
    process.execPath,
    [...NODE_MEMORY_FLAGS, '--import', 'tsx', path.join(here, 'bench-server.ts')],
    {
      // As `npm start` runs the server (see package.json and docs/decisions/008 and 051).
      env: { ...process.env, ...MALLOC_SETTINGS, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const ready = JSON.parse(first) as {
    port: number;
    cookie: string;
    origin: string;
    others: string[];
  };
  return {
    baseUrl: `http://127.0.0.1:${ready.port}`,
    cookie: ready.cookie,
    otherCookies: ready.others,
    origin: ready.origin,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Resolves once the server at `baseUrl` answers ready (with the local analyzer: its models
 * loaded and run once), as a load balancer waits; rejects after `timeoutMs` when one is given.
 */
export async function serverReady(baseUrl: string, timeoutMs = Infinity): Promise<void> {
  const giveUpAt = performance.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/ready`);
    await response.body?.cancel();
    if (response.ok) return;
    if (performance.now() >= giveUpAt) {
      throw new Error(`the server did not become ready in ${timeoutMs / 1000} s`);
    }
    await sleep(200);
  }
}

export interface UploadFile {
  path: string;
  name: string;
  contentType: string;
}

/** A multipart body read from disk as it is sent: the client never holds a whole file. */
function multipartStream(files: readonly UploadFile[], boundary: string): ReadableStream {
  const encoder = new TextEncoder();
  async function* parts() {
    for (const file of files) {
      yield encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      );
      for await (const chunk of createReadStream(file.path)) yield chunk as Uint8Array;
      yield encoder.encode('\r\n');
    }
    yield encoder.encode(`--${boundary}--\r\n`);
  }
  const iterator = parts();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
}

export async function uploadFiles(
  server: BenchServer,
  files: readonly UploadFile[],
): Promise<{ status: number; body: string }> {
  const boundary = `bench${Date.now().toString(16)}`;
  const response = await fetch(
    `${server.baseUrl}/api/product/generate-product-details-from-image`,
    {
      method: 'POST',
      headers: {
        cookie: server.cookie,
        origin: server.origin,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: multipartStream(files, boundary),
      duplex: 'half',
    } as RequestInit,
  );
  return { status: response.status, body: await response.text() };
}

/** Times (performance.now()) at which each product id was first reported ready over SSE. */
export interface ReadyWatcher {
  readyAt: Map<string, number>;
  /** Products reported failed (a real analyzer can fail a photo; the fixed provider never does). */
  failed: Set<string>;
  /** Resolves once `count` products are ready or failed. */
  waitFor(count: number): Promise<void>;
  close(): void;
}

export async function watchReadyProducts(server: BenchServer): Promise<ReadyWatcher> {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/api/products/events`, {
    headers: { cookie: server.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
  const readyAt = new Map<string, number>();
  const failed = new Set<string>();
  let waiter: { count: number; resolve: () => void } | undefined;
  const check = () => {
    if (waiter && readyAt.size + failed.size >= waiter.count) waiter.resolve();
  };
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as {
            type: string;
            product?: { id: string; generation: { state: string } };
          };
          if (event.type === 'product' && event.product?.generation.state === 'ready') {
            if (!readyAt.has(event.product.id)) readyAt.set(event.product.id, performance.now());
            check();
          }
          if (event.type === 'product' && event.product?.generation.state === 'failed') {
            failed.add(event.product.id);
            check();
          }
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  })();
  return {
    readyAt,
    failed,
    waitFor: (count) =>
      new Promise((resolve) => {
        waiter = { count, resolve };
        check();
      }),
    close: () => controller.abort(),
  };
}

/**
 * A process's peak resident memory from now on, as the kernel counts it (VmHWM, every page the
 * process and its threads touched at once, however briefly): clear_refs resets the mark, which a
 * process's owner may do. Reports MB.
 */
export async function peakRssFromNow(pid: number) {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
  return {
    read: async () => {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
  };
}

/** Samples a process's resident memory (Linux /proc) until stopped; reports MB. */
export function sampleRss(pid: number, everyMs = 20) {
  let peak = 0;
  let last = 0;
  const read = async () => {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    last = kb / 1024;
    peak = Math.max(peak, last);
  };
  const timer = setInterval(() => void read().catch(() => {}), everyMs);
  return {
    read: async () => {
      await read();
      return last;
    },
    stop: async () => {
      clearInterval(timer);
      await read().catch(() => {});
      return { peakMb: peak, lastMb: last };
    },
  };
}
