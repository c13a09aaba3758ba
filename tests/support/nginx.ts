/**
 * nginx in front of test servers, run as an ordinary child process: its prefix, pid, logs and
 * temp files in a temporary folder, listening on a loopback port. The site configuration is
 * docs/deploy/nginx.conf itself, with only its addresses, port and log path replaced, so the
 * documented configuration is the one tested.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEPLOY_SITE_CONFIG = path.join(projectRoot, 'docs/deploy/nginx.conf');

/** Where Debian's nginx-light (scripts/install-system-deps.sh) puts it, or on PATH. */
export function findNginx(): string | null {
  const candidates = [
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'nginx')),
  ];
  return candidates.find((file) => existsSync(file)) ?? null;
}

export interface Nginx {
  url: string;
  /** The access log so far: one line per request, `upstream=<address>` naming the process. */
  accessLog(): Promise<string>;
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

export interface NginxOptions {
  binary: string;
  /** An empty folder for nginx's files. */
  prefix: string;
  port: number;
  /** `host:port` of each app process, in place of the example upstreams. */
  upstreams: [string, string];
}

/** Replaces `from` exactly once: a documentation change that breaks the test setup fails loudly. */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) {
    throw new Error(`docs/deploy/nginx.conf: expected "${from}" once, found ${parts.length - 1}`);
  }
  return parts.join(to);
}

async function waitForPort(port: number, exited: () => boolean, errors: () => Promise<string>) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited()) throw new Error(`nginx ended at start-up:\n${await errors()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen:\n${await errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const { prefix, port, upstreams } = options;
  const accessLog = path.join(prefix, 'access.log');
  const errorLog = path.join(prefix, 'error.log');
  let site = await readFile(DEPLOY_SITE_CONFIG, 'utf8');
  site = replaceOnce(site, 'server 127.0.0.1:3001 ', `server ${upstreams[0]} `);
  site = replaceOnce(site, 'server 127.0.0.1:3002 ', `server ${upstreams[1]} `);
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port};`);
  site = replaceOnce(site, '/var/log/nginx/listsmith.access.log', accessLog);
  await writeFile(path.join(prefix, 'site.conf'), site);

  const temp = path.join(prefix, 'temp');
  await mkdir(temp, { recursive: true });
  // Worker processes of an nginx started by root run as `nobody`: they must reach the folders.
  await chmod(prefix, 0o755);
  await chmod(temp, 0o777);
  const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${path.join(temp, kind)};`)
    .join('\n');
  const main = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${errorLog} warn;`,
    'events { worker_connections 256; }',
    'http {',
    tempPaths,
    `  include ${path.join(prefix, 'site.conf')};`,
    '}',
    '',
  ].join('\n');
  const configFile = path.join(prefix, 'nginx.conf');
  await writeFile(configFile, main);

  // -e: the error log before the configuration is read (the default is under /var/log).
  const child = spawn(options.binary, ['-p', prefix, '-c', configFile, '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const readErrors = async () =>
    `${stderr}${await readFile(errorLog, 'utf8').catch(() => '(no error log)')}`;
  await waitForPort(port, () => child.exitCode !== null || child.signalCode !== null, readErrors);

  return {
    url: `http://127.0.0.1:${port}`,
    accessLog: () => readFile(accessLog, 'utf8').catch(() => ''),
    errorLog: readErrors,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // TERM: fast shutdown (open event streams would hold a graceful QUIT for their timeout).
      child.kill('SIGTERM');
      await exited;
    },
  };
}
