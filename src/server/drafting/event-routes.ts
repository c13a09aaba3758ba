/** GET /api/products/events: the signed-in user's product changes as server-sent events. */
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import { SIGNED_IN, type RequireSession } from '../http/signed-in.js';
import { zodRoutes } from '../http/zod-routes.js';
import { openEventStream, type EventStream } from '../http/sse.js';
import type { ProductEventBus } from '../catalog/index.js';

/** A seller with a dozen tabs is plausible; a thousand streams from one session is not. */
export const EVENT_STREAMS_PER_USER = 10;

export const TOO_MANY_USER_STREAMS_MESSAGE =
  'Too many live-update connections are open. Close some Listsmith tabs and try again.';
export const TOO_MANY_STREAMS_MESSAGE =
  'The server has too many live-update connections open. Please try again later.';

export interface ProductEventRouteDeps {
  events: ProductEventBus;
  requireSession: RequireSession;
  heartbeatMs?: number;
  /** Streams this process holds open at most, all users together. */
  maxStreams: number;
  /**
   * Registers a callback for when events may have been missed (the shared event channel came
   * back after an outage): streams are closed so that browsers reconnect and re-fetch.
   */
  onEventsMissed?: (listener: () => void) => void;
}

/**
 * When a stream is ended by the server, browsers wait this long, plus up to as much again at
 * random, so that thousands of them do not reconnect in the same instant.
 */
const RECONNECT_AFTER_MS = 1_000;

function reconnectDelay(): number {
  return RECONNECT_AFTER_MS + Math.random() * RECONNECT_AFTER_MS;
}

export async function productEventRoutes(app: FastifyInstance, deps: ProductEventRouteDeps) {
  const open = new Set<EventStream>();
  // Each open stream holds a socket and a subscription; counted here so the slot is freed the
  // moment its stream closes, whoever closes it.
  const perUser = new Map<string, number>();

  // Open streams would keep app.close() waiting forever; end them first. Their browsers
  // reconnect, through the load balancer, to a process that is still running.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close(reconnectDelay());
  });
  deps.onEventsMissed?.(() => {
    for (const stream of open) stream.close(reconnectDelay());
  });

  const routes = zodRoutes(app, deps.requireSession);
  routes.get('/api/products/events', { config: SIGNED_IN }, async (request, reply) => {
    const userId = request.sessionUser.id;
    const held = perUser.get(userId) ?? 0;
    if (held >= EVENT_STREAMS_PER_USER) {
      throw new HttpError(429, TOO_MANY_USER_STREAMS_MESSAGE, 'too-many-streams');
    }
    if (open.size >= deps.maxStreams) {
      throw new HttpError(429, TOO_MANY_STREAMS_MESSAGE, 'too-many-streams');
    }
    perUser.set(userId, held + 1);
    let unsubscribe = () => {};
    const stream = openEventStream(reply, {
      ...(deps.heartbeatMs ? { heartbeatMs: deps.heartbeatMs } : {}),
      onClose: () => {
        unsubscribe();
        open.delete(stream);
        const remaining = (perUser.get(userId) ?? 1) - 1;
        if (remaining > 0) perUser.set(userId, remaining);
        else perUser.delete(userId);
      },
    });
    open.add(stream);
    unsubscribe = deps.events.subscribe(userId, (event) => stream.send(event.type, event));
    if (stream.closed) unsubscribe();
  });
}
