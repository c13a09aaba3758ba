/** Calls the store connection makes: the OAuth state, disconnect, the sandbox store's Install. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  connectedStoresReplySchema,
  OAUTH_INITIATE_FAILED_MESSAGE,
  OAUTH_STATE_FAILED_MESSAGE,
  oauthStateReplySchema,
  sandboxAuthorizeReplySchema,
} from '#domain/api/shopify';
import { ApiError, apiFetch } from '#web/lib/api-client';
import { profileQueryKey } from '#web/lib/profile';

/** The browser leaving for another page (a seam for tests). */
export const storeNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Only http(s) addresses or app-relative paths are followed. */
function followable(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Asks for a state for `shop`, then sends the browser to the store's consent page. */
export function useConnectStore() {
  return useMutation({
    mutationFn: async (shop: string) => {
      const reply = await apiFetch('/api/shopify/oauth-state', oauthStateReplySchema, {
        method: 'POST',
        body: { shop },
        fallbackMessage: OAUTH_STATE_FAILED_MESSAGE,
      });
      if (!followable(reply.authorizeUrl)) {
        throw new ApiError(0, OAUTH_INITIATE_FAILED_MESSAGE);
      }
      try {
        storeNavigation.assign(reply.authorizeUrl);
      } catch (error) {
        throw new ApiError(0, OAUTH_INITIATE_FAILED_MESSAGE, undefined, { cause: error });
      }
      return reply;
    },
  });
}

export function useDisconnectStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) =>
      apiFetch(`/api/shopify/stores/${encodeURIComponent(storeId)}`, connectedStoresReplySchema, {
        method: 'DELETE',
        fallbackMessage: 'Failed to disconnect the store. Please try again.',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

/** Install on the sandbox store's consent page: back to Listsmith's callback, signed. */
export function useSandboxInstall() {
  return useMutation({
    mutationFn: async (request: { shop: string; state: string; redirectUri: string }) => {
      const { redirectUrl } = await apiFetch(
        '/api/shopify/sandbox/authorize',
        sandboxAuthorizeReplySchema,
        { method: 'POST', body: request, fallbackMessage: OAUTH_INITIATE_FAILED_MESSAGE },
      );
      if (!followable(redirectUrl)) throw new ApiError(0, OAUTH_INITIATE_FAILED_MESSAGE);
      storeNavigation.assign(redirectUrl);
    },
  });
}
