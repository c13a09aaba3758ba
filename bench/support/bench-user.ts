/** A confirmed, signed-in bench user on an app built in this process; returns its cookie header. */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.js';

export async function signedInBenchUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  appUrl: string,
  email = 'bench@example.com',
): Promise<string> {
  const password = 'Benchmark1';
  const headers = { origin: appUrl, 'content-type': 'application/json' };
  // Each bench user from an address of its own: sign-ups are limited per address, and a quick
  // bench makes more of them a minute than a person would.
  const [a, b] = createHash('sha256').update(email).digest();
  const remoteAddress = `10.9.${a}.${b}`;
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    remoteAddress,
    payload: { email, password, name: 'bench' },
  });
  await db.updateTable('users').set({ emailVerified: 1 }).where('email', '=', email).execute();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    remoteAddress,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) {
    // A sign-up refused for an account that exists already (processes sharing one database) is fine.
    throw new Error(`bench sign-in failed: ${signIn.statusCode} (sign-up: ${signUp.statusCode})`);
  }
  return [signIn.headers['set-cookie']]
    .flat()
    .map((cookie) => String(cookie).split(';')[0])
    .join('; ');
}
