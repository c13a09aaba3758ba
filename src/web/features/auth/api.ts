import { apiFetch } from '#web/lib/api-client';

/** Calls to better-auth's endpoints under /api/auth. */
export const authApi = {
  signIn: (email: string, password: string) =>
    apiFetch<{ user: { id: string } }>('/api/auth/sign-in/email', {
      method: 'POST',
      body: { email, password, rememberMe: true },
    }),
  signUp: (email: string, password: string) =>
    apiFetch<{ user: { id: string } | null }>('/api/auth/sign-up/email', {
      method: 'POST',
      body: { email, password, name: email.split('@')[0] ?? email },
    }),
  signOut: () => apiFetch<{ success: boolean }>('/api/auth/sign-out', { method: 'POST', body: {} }),
  requestPasswordReset: (email: string) =>
    apiFetch<{ status: boolean }>('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email, redirectTo: '/auth/reset-password' },
    }),
  resetPassword: (token: string, newPassword: string) =>
    apiFetch<{ status: boolean }>('/api/auth/reset-password', {
      method: 'POST',
      body: { token, newPassword },
    }),
  verifyEmail: (token: string) =>
    apiFetch<{ status: boolean }>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`),
};
