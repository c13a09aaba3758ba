/** WooCommerce stores as server state: the list, connect (then leave for the store), disconnect, the sandbox. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WOO_MESSAGES } from '#domain/api/woocommerce';
import { leaveFor } from '#web/lib/store-navigation';
import { wooApi } from './api';

const wooStoresKey = ['woocommerce-stores'] as const;

export function useWooStores() {
  return useQuery({ queryKey: wooStoresKey, queryFn: () => wooApi.stores() });
}

export function useConnectWoo() {
  return useMutation({
    mutationFn: async (storeUrl: string) => {
      const reply = await wooApi.connect(storeUrl);
      leaveFor(reply.authorizeUrl, WOO_MESSAGES.connectFailed);
      return reply;
    },
  });
}

export function useDisconnectWoo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storeId: string) => wooApi.disconnect(storeId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wooStoresKey }),
  });
}

export function useWooSandboxApprove() {
  return useMutation({
    mutationFn: async (request: Parameters<typeof wooApi.sandboxApprove>[0]) => {
      const { redirectUrl } = await wooApi.sandboxApprove(request);
      leaveFor(redirectUrl, WOO_MESSAGES.connectFailed);
    },
  });
}

export function useWooSandboxProducts(storeUrl: string) {
  return useQuery({
    queryKey: ['woocommerce-sandbox-admin', storeUrl],
    queryFn: () => wooApi.sandboxProducts(storeUrl),
  });
}
