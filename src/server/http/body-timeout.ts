/**
 * Ends requests whose body stops arriving. Fastify and Node wait for a body forever by default,
 * so an upload that never sends its closing boundary held a file descriptor and a half-written
 * temp file for as long as the client kept the connection. A request whose body has not grown
 * for `idleMs` is answered 408 and its connection closed; closing it is what makes the body
 * parser fail the stream it was feeding, so whoever was writing it cleans up as on any failure.
 *
 * The watchdog reads the socket's byte counter instead of listening for 'data': a listener would
 * switch the body into flowing mode and lose bytes before the route's parser reads them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const BODY_STALLED_MESSAGE = 'The request stopped arriving. Please try again.';

export function bodyIdleTimeout(idleMs: number) {
  return async function watchBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const raw = request.raw;
    // Bodiless requests (and small bodies that came with the headers) are already complete:
    // nothing more can arrive, so whatever reads the body sees its end (a multipart body without
    // its closing boundary is then a 400 from the upload, images/intake.ts).
    if (raw.complete) return;
    const bytesRead = () => raw.socket?.bytesRead ?? 0;
    let seen = bytesRead();
    let lastProgress = Date.now();
    const timer = setInterval(check, Math.max(25, Math.floor(idleMs / 4)));
    timer.unref();
    const stop = () => clearInterval(timer);
    reply.raw.once('close', stop);
    // Listening for 'end' (unlike 'data') leaves the body's flow alone.
    raw.once('end', stop);

    function check(): void {
      if (raw.complete || raw.destroyed || reply.raw.writableEnded) return stop();
      // Bytes arrived, or the route has not taken those already here (it paused the body while
      // it decodes a photo): either way the client is not the one keeping us waiting.
      const waitingOnUs = raw.readableFlowing === false || raw.readableLength > 0;
      if (bytesRead() !== seen || waitingOnUs) {
        seen = bytesRead();
        lastProgress = Date.now();
        return;
      }
      if (Date.now() - lastProgress < idleMs) return;
      stop();
      request.log.warn({ idleMs }, 'request body stalled; closing the connection');
      if (reply.raw.headersSent) {
        raw.destroy();
        return;
      }
      // Answered here, outside Fastify: the route is still waiting for its body and its own
      // (failed) reply must go nowhere.
      reply.hijack();
      reply.raw.writeHead(408, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'close',
      });
      reply.raw.end(JSON.stringify({ error: BODY_STALLED_MESSAGE, code: 'body-timeout' }), () =>
        raw.destroy(),
      );
    }
  };
}

/**
 * An answer sent before the request's body was read to its end (an upload refused at its first
 * photo, a stalled store) closes the connection: the rest of the body is never read, and a client
 * that sent the next request on that connection would wait behind it until a timeout (the stalled
 * S3 bench saw 73 s for a profile read).
 */
export async function closeWhenBodyUnread(request: FastifyRequest, reply: FastifyReply) {
  const raw = request.raw;
  // Unread: still arriving, or arrived and left in the stream's buffer (a small body comes whole
  // with the headers); a bodiless request has nothing buffered and is complete.
  const unread = !raw.readableEnded && (!raw.complete || raw.readableLength > 0);
  if (unread) reply.header('connection', 'close');
}
