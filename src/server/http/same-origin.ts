import type { FastifyReply, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie-authenticated API calls: a state-changing request must
 * come from our own origin. Browsers always send Origin on cross-origin POST/PUT/PATCH/DELETE, and
 * Sec-Fetch-Site on every request; a request with neither comes from a non-browser client, which
 * cannot hold the victim's cookie.
 */
export function sameOriginGuard(trustedOrigins: readonly string[]) {
  const allowed = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossSite =
      (origin !== undefined && !allowed.has(origin)) ||
      (origin === undefined && (fetchSite === 'cross-site' || fetchSite === 'same-site'));
    if (crossSite) {
      await reply.code(403).send({ error: 'Cross-site request refused' });
    }
  };
}
