import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { storeNavigation } from '#web/lib/store-navigation';
import { renderRoutes } from './render-routes';
import { stubFetch, type Reply } from './stub-fetch';

/**
 * A store's connect dialog on /account, the connect call (`call`, e.g. 'POST /api/…') answered
 * with `reply`, and leaving for the store caught in `assign` instead of navigating.
 */
export function renderConnectDialog(dialog: ReactElement, call: string, reply: Reply) {
  const fetch = stubFetch({ [call]: reply });
  const assign = vi.spyOn(storeNavigation, 'assign').mockImplementation(() => undefined);
  const view = renderRoutes([{ path: '/account', element: dialog }], '/account');
  return { ...view, fetch, assign };
}
