/** A confirmed, signed-in bench user on an app built in this process; returns its cookie header. */
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
  await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { email, password, name: 'bench' },
  });
  await db.updateTable('users').set({ emailVerified: 1 }).where('email', '=', email).execute();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`bench sign-in failed: ${signIn.statusCode}`);
  return [signIn.headers['set-cookie']]
    .flat()
    .map((cookie) => String(cookie).split(';')[0])
    .join('; ');
}
