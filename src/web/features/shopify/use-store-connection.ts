/**
 * The store connection and the sandbox store's pages as server state: connect (then leave for
 * the store's consent page), disconnect, the sandbox Install, the sandbox admin list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OAUTH_INITIATE_FAILED_MESSAGE } from '#domain/api/shopify';
import { profileQueryKey } from '#web/lib/profile';
import { leaveFor } from '#web/lib/store-navigation';
import { shopifyApi } from './api';

/** Asks for a state for `shop`, then sends the browser to the store's consent page. */
export function useConnectStore() {
  return useMutation({
    mutationFn: async (shop: string) => {
      const reply = await shopifyApi.oauthState(shop);
      leaveFor(reply.authorizeUrl, OAUTH_INITIATE_FAILED_MESSAGE);
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
      leaveFor(redirectUrl, OAUTH_INITIATE_FAILED_MESSAGE);
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
