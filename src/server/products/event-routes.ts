/** GET /api/products/events: the signed-in user's product changes as server-sent events. */
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { openEventStream, type EventStream } from '../http/sse.js';
import type { ProductEventBus } from './product-events.js';

export interface ProductEventRouteDeps {
  events: ProductEventBus;
  requireSession: preHandlerHookHandler;
  heartbeatMs?: number;
}

export async function productEventRoutes(app: FastifyInstance, deps: ProductEventRouteDeps) {
  const open = new Set<EventStream>();

  // Open streams would keep app.close() waiting forever; end them first.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.close();
  });

  app.get('/api/products/events', { preHandler: deps.requireSession }, async (request, reply) => {
    const userId = request.sessionUser!.id;
    let unsubscribe = () => {};
    const stream = openEventStream(reply, {
      ...(deps.heartbeatMs ? { heartbeatMs: deps.heartbeatMs } : {}),
      onClose: () => {
        unsubscribe();
        open.delete(stream);
      },
    });
    open.add(stream);
    unsubscribe = deps.events.subscribe(userId, (event) => stream.send(event.type, event));
    if (stream.closed) unsubscribe();
  });
}
