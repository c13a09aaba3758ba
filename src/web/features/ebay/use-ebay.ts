/**
 * eBay as server state: the connection, connecting (then leaving for eBay's consent page),
 * disconnecting, the policies and location chosen once, a product's category and item
 * specifics, and the sandbox eBay's pages. The category a seller picks on a card is kept for
 * the session (until published, when the server remembers it).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { create } from 'zustand';
import type { EbayConnectionReply, EbaySettingsRequest } from '#domain/api/ebay';
import { leaveFor } from '#web/lib/store-navigation';
import { EBAY_CONNECT_FAILED, ebayApi } from './api';

export const ebayConnectionKey = ['ebay-connection'] as const;
const settingsKey = ['ebay-settings'] as const;
export const aspectsKey = (productId: string, categoryId: string | null) =>
  ['ebay-aspects', productId, categoryId] as const;

export function useEbayConnection() {
  return useQuery({ queryKey: ebayConnectionKey, queryFn: () => ebayApi.connection() });
}

/** The seller's usable connection (connected, not asking to connect again), else null. */
export function useEbayConnected(): EbayConnectionReply | null {
  const reply = useEbayConnection().data;
  return reply?.connection && !reply.connection.needsReconnect ? reply : null;
}

export function useConnectEbay() {
  return useMutation({
    mutationFn: async () => {
      const reply = await ebayApi.connect();
      leaveFor(reply.authorizeUrl, EBAY_CONNECT_FAILED);
      return reply;
    },
  });
}

export function useDisconnectEbay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => ebayApi.disconnect(),
    onSuccess: (reply) => {
      queryClient.setQueryData(ebayConnectionKey, reply);
      queryClient.removeQueries({ queryKey: settingsKey });
      toast.success('eBay is disconnected.');
    },
  });
}

export function useEbaySettings(enabled: boolean) {
  return useQuery({ queryKey: settingsKey, queryFn: () => ebayApi.settings(), enabled });
}

export function useChooseEbaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: EbaySettingsRequest) => ebayApi.chooseSettings(request),
    onSuccess: (reply) => {
      queryClient.setQueryData(settingsKey, reply);
      void queryClient.invalidateQueries({ queryKey: ebayConnectionKey });
      toast.success('eBay settings saved');
    },
  });
}

/** The category each card's seller picked among eBay's suggestions, by product id. */
export const useEbayCategoryChoice = create<{
  chosen: Record<string, string>;
  choose(productId: string, categoryId: string): void;
}>((set) => ({
  chosen: {},
  choose: (productId, categoryId) =>
    set((state) => ({ chosen: { ...state.chosen, [productId]: categoryId } })),
}));

export function useEbayAspects(productId: string, enabled: boolean) {
  const categoryId = useEbayCategoryChoice((state) => state.chosen[productId] ?? null);
  return useQuery({
    queryKey: aspectsKey(productId, categoryId),
    queryFn: () => ebayApi.aspects(productId, categoryId),
    enabled,
    // eBay's tree changes rarely; the card's own edits are judged here, not by refetching.
    staleTime: 10 * 60_000,
  });
}

const CONNECT_REFUSALS: Record<string, string> = {
  declined: 'eBay was not connected: the consent was declined.',
  expired: 'The eBay consent took too long. Please connect again.',
  invalid: 'This eBay consent is not valid. Please connect again.',
  failed: EBAY_CONNECT_FAILED,
};

/** Back from eBay's consent (/account?ebay=connected or ?ebay_error=…): said once, then gone. */
export function useEbayReturnNotice() {
  const [params, setParams] = useSearchParams();
  const connected = params.get('ebay');
  const refused = params.get('ebay_error');
  useEffect(() => {
    if (connected === null && refused === null) return;
    if (connected === 'connected') toast.success('Your eBay account is now connected!');
    else toast.error(CONNECT_REFUSALS[refused ?? ''] ?? EBAY_CONNECT_FAILED);
    setParams(
      (current) => {
        current.delete('ebay');
        current.delete('ebay_error');
        return current;
      },
      { replace: true },
    );
  }, [connected, refused, setParams]);
}

export function useEbaySandboxAuthorize() {
  return useMutation({
    mutationFn: async (state: string) => {
      const { redirectUrl } = await ebayApi.sandboxAuthorize(state);
      leaveFor(redirectUrl, EBAY_CONNECT_FAILED);
    },
  });
}

export function useEbaySandboxListings() {
  return useQuery({
    queryKey: ['ebay-sandbox-listings'],
    queryFn: () => ebayApi.sandboxListings(),
    // The list as the admin page shows any store's products.
    select: (reply) => ({ products: reply.listings }),
  });
}
