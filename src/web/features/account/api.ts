import { apiFetch } from '../../lib/api-client';

export const accountApi = {
  deleteAccount: () =>
    apiFetch<{ success: boolean }>('/api/user/profile', {
      method: 'DELETE',
      fallbackMessage: 'Failed to delete account.',
    }),
  requestPasswordReset: (email: string) =>
    apiFetch<{ status: boolean }>('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email, redirectTo: '/auth/reset-password' },
    }),
};
