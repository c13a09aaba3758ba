/**
 * Start-up reads Redis's maxmemory-policy: a Redis that may evict keys (and with them queued
 * jobs) is refused with a message saying how to fix it; one that does not allow CONFIG (as some
 * managed services) is accepted with a warning. Each case runs its own throwaway redis-server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, startTestApp } from '../support/harness.js';

const servers: ChildProcess[] = [];

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A redis-server keeping nothing on disk, with `args`; resolves once it accepts connections. */
async function redisServer(...args: string[]): Promise<string> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { stdio: 'ignore' },
  );
  servers.push(child);
  for (let waited = 0; ; waited += 50) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
      socket.once('close', () => socket.destroy());
      setTimeout(() => socket.end(), 10);
    });
    if (open) return `redis://127.0.0.1:${port}`;
    if (waited > 5_000) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  for (const child of servers) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
  await removeTempDirs();
});

describe('the Redis eviction policy at start-up', () => {
  it('refuses a Redis that may evict keys, saying how to fix it', async () => {
    const url = await redisServer('--maxmemory-policy', 'allkeys-lru');
    await expect(startTestApp({ env: { REDIS_URL: url } })).rejects.toThrow(
      /REDIS_URL: Redis runs with maxmemory-policy allkeys-lru; it must be noeviction.*CONFIG SET maxmemory-policy noeviction/,
    );
  });

  it('starts with a warning when the policy cannot be read', async () => {
    const url = await redisServer('--rename-command', 'CONFIG', '""');
    const h = await startTestApp({ env: { REDIS_URL: url } });
    try {
      expect(
        h.logs.some((line) =>
          line.includes('could not read Redis maxmemory-policy; make sure it is noeviction'),
        ),
      ).toBe(true);
      expect((await h.client().request({ url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await h.close();
    }
  });
});
