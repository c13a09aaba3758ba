import { deleteAccountReplySchema } from '#domain/api/profile';
import { apiFetch } from '#web/lib/api-client';

export const accountApi = {
  deleteAccount: () =>
    apiFetch('/api/user/profile', deleteAccountReplySchema, {
      method: 'DELETE',
      fallbackMessage: 'Failed to delete account.',
    }),
};
