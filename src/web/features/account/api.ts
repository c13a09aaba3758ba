import { deleteAccountReplySchema } from '#domain/api/profile';
import {
  sellerSettingsSchema,
  type SellerSettings,
  type SellerSettingsUpdate,
} from '#domain/seller-settings';
import { apiFetch } from '#web/lib/api-client';

export const accountApi = {
  deleteAccount: () =>
    apiFetch('/api/user/profile', deleteAccountReplySchema, {
      method: 'DELETE',
      fallbackMessage: 'Failed to delete account.',
    }),

  getSettings: (): Promise<SellerSettings> =>
    apiFetch('/api/user/settings', sellerSettingsSchema, {
      fallbackMessage: 'Could not load your settings.',
    }),

  updateSettings: (update: SellerSettingsUpdate): Promise<SellerSettings> =>
    apiFetch('/api/user/settings', sellerSettingsSchema, {
      method: 'PUT',
      body: update,
      fallbackMessage: 'Could not save your settings.',
    }),
};
