/** WooCommerce stores as server state: the list, connect (then leave for the store), disconnect, the sandbox. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { WOO_MESSAGES } from '#domain/api/woocommerce';
import { ApiError } from '#web/lib/api-client';
import { wooApi } from './api';

export const wooStoresKey = ['woocommerce-stores'] as const;

/** The browser leaving for another page (a seam for tests). */
export const wooNavigation = {
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

function leaveFor(url: string) {
  if (!followable(url)) throw new ApiError(0, WOO_MESSAGES.connectFailed);
  wooNavigation.assign(url);
}

export function useWooStores() {
  return useQuery({ queryKey: wooStoresKey, queryFn: () => wooApi.stores() });
}

export function useConnectWoo() {
  return useMutation({
    mutationFn: async (storeUrl: string) => {
      const reply = await wooApi.connect(storeUrl);
      leaveFor(reply.authorizeUrl);
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
      leaveFor(redirectUrl);
    },
  });
}

export function useWooSandboxProducts(storeUrl: string) {
  return useQuery({
    queryKey: ['woocommerce-sandbox-admin', storeUrl],
    queryFn: () => wooApi.sandboxProducts(storeUrl),
  });
}
