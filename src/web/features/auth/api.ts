import {
  signInReplySchema,
  signOutReplySchema,
  signUpReplySchema,
  statusReplySchema,
} from '#domain/api/auth';
import { apiFetch } from '#web/lib/api-client';

/** Calls to better-auth's endpoints under /api/auth, each reply parsed with its contract. */
export const authApi = {
  signIn: (email: string, password: string) =>
    apiFetch('/api/auth/sign-in/email', signInReplySchema, {
      method: 'POST',
      body: { email, password, rememberMe: true },
    }),
  signUp: (email: string, password: string) =>
    apiFetch('/api/auth/sign-up/email', signUpReplySchema, {
      method: 'POST',
      body: { email, password, name: email.split('@')[0] ?? email },
    }),
  signOut: () => apiFetch('/api/auth/sign-out', signOutReplySchema, { method: 'POST', body: {} }),
  requestPasswordReset: (email: string) =>
    apiFetch('/api/auth/request-password-reset', statusReplySchema, {
      method: 'POST',
      body: { email, redirectTo: '/auth/reset-password' },
    }),
  resetPassword: (token: string, newPassword: string) =>
    apiFetch('/api/auth/reset-password', statusReplySchema, {
      method: 'POST',
      body: { token, newPassword },
    }),
  verifyEmail: (token: string) =>
    apiFetch(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, statusReplySchema),
};
