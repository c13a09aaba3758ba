/**
 * The API reads a screen makes first, by the path it is loaded on: the session (every screen but
 * the landing page checks it) and, on the review screen, its list. The page served for that path
 * asks for them before any script runs (src/server/http/first-screen-pages.ts), and the entry
 * script takes their responses (src/web/lib/early-requests.ts) (ADR 029, ADR 052).
 */
export type FirstScreenRead = '/api/auth/get-session' | '/api/products';

export function firstScreenReads(pathname: string): FirstScreenRead[] {
  return [
    '/api/auth/get-session',
    ...(pathname === '/productlibrary' ? ['/api/products' as const] : []),
  ];
}
