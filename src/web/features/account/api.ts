import { apiFetch } from '#web/lib/api-client';

export const accountApi = {
  deleteAccount: () =>
    apiFetch<{ success: boolean }>('/api/user/profile', {
      method: 'DELETE',
      fallbackMessage: 'Failed to delete account.',
    }),
};
