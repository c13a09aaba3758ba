import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerSettingsUpdate } from '#domain/seller-settings';
import { accountApi } from './api';

const sellerSettingsQueryKey = ['seller-settings'] as const;

export function useSellerSettings() {
  return useQuery({ queryKey: sellerSettingsQueryKey, queryFn: accountApi.getSettings });
}

/**
 * Saves settings as the seller changes them. One at a time (a shared scope), so quick changes
 * reach the server in the order made and the last one is what stays.
 */
export function useSaveSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: SellerSettingsUpdate) => accountApi.updateSettings(update),
    scope: { id: 'seller-settings' },
    onSuccess: (saved) => queryClient.setQueryData(sellerSettingsQueryKey, saved),
  });
}
