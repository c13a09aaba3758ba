/**
 * The store connection and the sandbox store's pages as server state: connect (then leave for
 * the store's consent page), disconnect, the sandbox Install, the sandbox admin list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OAUTH_INITIATE_FAILED_MESSAGE } from '#domain/api/shopify';
import { ApiError } from '#web/lib/api-client';
import { profileQueryKey } from '#web/lib/profile';
import { shopifyApi } from './api';

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
      const reply = await shopifyApi.oauthState(shop);
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
    mutationFn: (storeId: string) => shopifyApi.disconnectStore(storeId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

/** Install on the sandbox store's consent page: back to Listsmith's callback, signed. */
export function useSandboxInstall() {
  return useMutation({
    mutationFn: async (request: { shop: string; state: string; redirectUri: string }) => {
      const { redirectUrl } = await shopifyApi.sandboxAuthorize(request);
      if (!followable(redirectUrl)) throw new ApiError(0, OAUTH_INITIATE_FAILED_MESSAGE);
      storeNavigation.assign(redirectUrl);
    },
  });
}

/** What the sandbox store holds, for its test-mode admin page. */
export function useSandboxAdminProducts(shop: string) {
  return useQuery({
    queryKey: ['shopify-sandbox-admin', shop],
    queryFn: () => shopifyApi.sandboxAdminProducts(shop),
  });
}
