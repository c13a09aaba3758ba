/**
 * The real server as a child process, started the way `npm start` and the e2e run start it
 * (tsx over src/server/main.ts), for tests of what only a whole process shows: how it ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MALLOC_SETTINGS, NODE_MEMORY_FLAGS } from '#server/malloc-settings.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Start-up compiles the server with tsx and migrates a fresh database; the machine may be busy. */
export const START_TIMEOUT_MS = 30_000;

/** What Node and native addons print when a process dies in native code instead of exiting. */
export const NATIVE_TRACE =
  /Assertion|terminate called|FATAL|Abort|Native stack trace|Segmentation fault/;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  /** The process id (to read its memory from /proc, for instance). */
  pid: number;
  /** Everything the process wrote to standard error so far. */
  stderr(): string;
  /** Sends `signal`; resolves with how the process ended, or 'timeout' (it is then killed). */
  stop(signal: NodeJS.Signals, timeoutMs: number): Promise<Exit | 'timeout'>;
}

/** A port nothing listens on right now (for a server that must know its port in advance). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

async function waitUntilHealthy(child: ChildProcess, url: string, stderr: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server ended before it was healthy:\n${stderr()}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy after ${START_TIMEOUT_MS} ms:\n${stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the server on a free port with `env` over a test environment; resolves once healthy. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...NODE_MEMORY_FLAGS, '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // As `npm start` runs it (ADRs 008, 051).
        ...MALLOC_SETTINGS,
        // Unset unless the caller gives one: the server then uses SQLite in DATA_DIR.
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit').then(([code, signal]): Exit => ({ code, signal }));
  await waitUntilHealthy(child, url, () => stderr);

  return {
    url,
    pid: child.pid!,
    stderr: () => stderr,
    async stop(signal, timeoutMs) {
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const result = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
      return result;
    },
  };
}
