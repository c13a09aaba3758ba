import {
  sellerSettingsSchema,
  type SellerSettings,
  type SellerSettingsUpdate,
} from '#domain/seller-settings';
import { apiFetch } from '#web/lib/api-client';

export const accountApi = {
  deleteAccount: () =>
    apiFetch<{ success: boolean }>('/api/user/profile', {
      method: 'DELETE',
      fallbackMessage: 'Failed to delete account.',
    }),

  getSettings: async (): Promise<SellerSettings> =>
    sellerSettingsSchema.parse(
      await apiFetch<unknown>('/api/user/settings', {
        fallbackMessage: 'Could not load your settings.',
      }),
    ),

  updateSettings: async (update: SellerSettingsUpdate): Promise<SellerSettings> =>
    sellerSettingsSchema.parse(
      await apiFetch<unknown>('/api/user/settings', {
        method: 'PUT',
        body: update,
        fallbackMessage: 'Could not save your settings.',
      }),
    ),
};
