import { stubFetch } from '#web/test-support/stub-fetch';

export { renderRoutes } from '#web/test-support/render-routes';
export { stubFetch };

/** The JSON bodies sent to one path. */
export function bodiesSentTo(mock: ReturnType<typeof stubFetch>, path: string): unknown[] {
  return mock.mock.calls
    .filter(([input]) => String(input).startsWith(path))
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}

export const signedInSession = {
  user: { id: 'u1', email: 'seller@shop.com', emailVerified: true },
  session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
};
