/**
 * GET /api/ready: whether this process can serve requests now, for a load balancer or an
 * orchestrator's readiness probe. Each outside service it depends on (database, Redis, image
 * storage) must answer within a short time; a stopping process answers 503 at once so traffic
 * moves away before it closes. GET /api/health stays liveness only (the process answers).
 */
import type { FastifyInstance } from 'fastify';

export type ReadinessCheck = () => Promise<void>;

export interface ReadinessReply {
  status: 'ready' | 'not-ready' | 'stopping';
  /** Every check by name: `ok`, still `starting` (start-up work under way), or what failed. */
  checks: Record<string, CheckOutcome>;
}

type CheckOutcome = 'ok' | 'starting' | 'failed' | 'timeout';

/** Thrown by a check whose start-up work is under way: not ready, but nothing has failed. */
class StillStarting extends Error {}

/** A service slower than this to answer a trivial request counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

async function outcome(check: ReadinessCheck): Promise<CheckOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => 'ok' as const), timeout]);
  } catch (error) {
    return error instanceof StillStarting ? 'starting' : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

export async function readinessRoutes(
  app: FastifyInstance,
  deps: { checks: Record<string, ReadinessCheck> },
) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });

  app.get('/api/ready', async (request, reply) => {
    const names = Object.keys(deps.checks);
    const results = await Promise.all(names.map((name) => outcome(deps.checks[name]!)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const ready = !stopping && results.every((result) => result === 'ok');
    if (!ready) request.log.warn({ checks, stopping }, 'not ready');
    const body: ReadinessReply = {
      status: stopping ? 'stopping' : ready ? 'ready' : 'not-ready',
      checks,
    };
    return reply.code(ready ? 200 : 503).send(body);
  });
}

/**
 * Work the process does once it listens (loading the analyzer's models) before it takes
 * traffic: the check fails until the work has resolved, so a load balancer waits for it instead
 * of sending the first photo to a cold process. The check says `starting` while the first
 * attempt runs; a failed attempt is logged, tried again by the next readiness check, and the
 * check says `failed` until an attempt succeeds.
 */
export function startUpWork(
  work: () => Promise<void>,
  log: { error(details: object, message: string): void },
): { start(): void; check: ReadinessCheck } {
  let state: 'idle' | 'running' | 'done' = 'idle';
  let failedBefore = false;
  function start() {
    if (state !== 'idle') return;
    state = 'running';
    work().then(
      () => {
        state = 'done';
      },
      (error: unknown) => {
        state = 'idle';
        failedBefore = true;
        log.error({ err: error }, 'start-up work failed; tried again at the next readiness check');
      },
    );
  }
  return {
    start,
    async check() {
      if (state === 'done') return;
      start();
      throw failedBefore ? new Error('start-up work failed') : new StillStarting();
    },
  };
}
